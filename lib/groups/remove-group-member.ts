import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { findGroup, groupInclude, logGroupOperation, toGroupView } from "./group-records";
import type { GroupView } from "./schemas";

/** Takes a member out of a group; one who is not a member is NOT_FOUND. */
export async function removeGroupMember(context: AuthContext, groupHexId: string, userHexId: string, ip: string): Promise<GroupView> {
  return db.$transaction(async (tx) => {
    const group = await findGroup(context, groupHexId, tx);
    const removed = await tx.groupMember.deleteMany({ where: { groupId: group.id, user: { hexId: userHexId } } });
    if (removed.count === 0) throw new AppError("NOT_FOUND");
    await logGroupOperation(context, "GROUP_MEMBER_REMOVE", `${group.hexId}/${userHexId}`, ip, tx);
    return toGroupView(await tx.group.findUniqueOrThrow({ where: { id: group.id }, include: groupInclude }));
  });
}
