import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { findGroup, groupInclude, logGroupOperation, toGroupView } from "./group-records";
import { groupMemberInput, type GroupView } from "./schemas";

/** Adds a user of the caller's organisation to one of its groups; another organisation's user is refused like an unknown one. */
export async function addGroupMember(context: AuthContext, groupHexId: string, raw: unknown, ip: string): Promise<GroupView> {
  const input = groupMemberInput.parse(raw ?? {});
  return db.$transaction(async (tx) => {
    const group = await findGroup(context, groupHexId, tx);
    const user = await tx.user.findFirst({
      where: { hexId: input.userHexId, organizationId: context.organizationId },
      select: { id: true },
    });
    if (!user) throw new AppError("GROUP_USER_REQUIRED", { field: "userHexId" });
    const created = await tx.groupMember.createMany({ data: [{ groupId: group.id, userId: user.id }], skipDuplicates: true });
    if (created.count === 0) throw new AppError("GROUP_MEMBER_EXISTS", { field: "userHexId" });
    await logGroupOperation(context, "GROUP_MEMBER_ADD", `${group.hexId}/${input.userHexId}`, ip, tx);
    return toGroupView(await tx.group.findUniqueOrThrow({ where: { id: group.id }, include: groupInclude }));
  });
}
