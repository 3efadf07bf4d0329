import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { updateUserInput, type UserView } from "./schemas";
import {
  asContactTaken,
  assertContactFree,
  assertManageable,
  assignableRoleId,
  findUser,
  organizationGroupIds,
  toUserView,
  userInclude,
  userOperation,
} from "./user-records";

/**
 * Edits a user's name, e-mail, phone, role and groups. Tokens carry the role's authorities, so a
 * changed role ends the user's live sessions (all but the caller's own): a demotion applies at once.
 */
export async function updateUser(context: AuthContext, userHexId: string, raw: unknown, ip: string): Promise<UserView> {
  const input = updateUserInput.parse(raw);
  const user = await db
    .$transaction(async (tx) => {
      const current = await findUser(context, userHexId, tx);
      assertManageable(context, current);
      await assertContactFree(tx, input, current.id);
      const roleId = await assignableRoleId(context, input.roleHexIds, tx);
      const groupIds = await organizationGroupIds(context, input.groupHexIds, tx);
      await tx.groupMember.deleteMany({ where: { userId: current.id } });
      if (roleId !== current.roleId)
        await tx.authSession.updateMany({
          where: { userId: current.id, endedAt: null, hexId: { not: context.sessionHexId } },
          data: { endedAt: new Date(), endReason: "role-change" },
        });
      const updated = await tx.user.update({
        where: { id: current.id },
        data: {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          cellPhone: input.cellPhone,
          roleId,
          groups: { create: groupIds.map((groupId) => ({ groupId })) },
        },
        include: userInclude,
      });
      await logOperation(userOperation(context, "USER_UPDATE", ip, updated), tx);
      return updated;
    })
    .catch(asContactTaken);
  return toUserView(user);
}
