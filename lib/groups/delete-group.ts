import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { logGroupOperation } from "./group-records";

/** Spec §5: a group in use (one with members) cannot be deleted. */
export async function deleteGroup(context: AuthContext, groupHexId: string, ip: string): Promise<void> {
  await db.$transaction(async (tx) => {
    // The row lock waits for a member being added right now (its foreign key check holds a
    // key-share lock on the row), so the count below cannot miss them; the cascade would drop them.
    const locked = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM "Group" WHERE "hexId" = ${groupHexId} AND "organizationId" = ${context.organizationId} FOR UPDATE`;
    const groupId = locked[0]?.id;
    if (groupId === undefined) throw new AppError("NOT_FOUND");
    const members = await tx.groupMember.count({ where: { groupId } });
    if (members > 0) throw new AppError("GROUP_IN_USE", { members });
    await tx.group.delete({ where: { id: groupId } });
    await logGroupOperation(context, "GROUP_DELETE", groupHexId, ip, tx);
  });
}
