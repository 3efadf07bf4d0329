import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { inviteToSetPassword } from "@/lib/auth/change-password";
import { db } from "@/lib/db/client";
import { toDbLanguage, type Locale } from "@/lib/i18n/config";
import { createUserInput } from "./schemas";
import { asContactTaken, assertContactFree, assignableRoleId, organizationGroupIds, userOperation } from "./user-records";

/**
 * Invites a person to the caller's organisation: the account has no password until they choose one
 * from the mailed /SetPass link, which also proves the mailbox.
 */
export async function inviteUser(context: AuthContext, raw: unknown, ip: string, locale: Locale): Promise<{ userHexId: string }> {
  const input = createUserInput.parse(raw);
  const user = await db
    .$transaction(async (tx) => {
      await assertContactFree(tx, input);
      const roleId = await assignableRoleId(context, input.roleHexIds, tx);
      const groupIds = await organizationGroupIds(context, input.groupHexIds, tx);
      const organization = await tx.organization.findUniqueOrThrow({ where: { id: context.organizationId }, select: { country: true } });
      const created = await tx.user.create({
        data: {
          organizationId: context.organizationId,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          cellPhone: input.cellPhone,
          country: organization.country,
          roleId,
          preferredLanguage: toDbLanguage(locale),
          groups: { create: groupIds.map((groupId) => ({ groupId })) },
        },
      });
      await logOperation(userOperation(context, "USER_INVITE", ip, created), tx);
      return created;
    })
    .catch(asContactTaken);
  await inviteToSetPassword(user.id);
  return { userHexId: user.hexId };
}
