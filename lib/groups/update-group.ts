import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { asGroupNameTaken, assertGroupNameFree, findGroup, groupInclude, logGroupOperation, toGroupView } from "./group-records";
import { groupInput, type GroupView } from "./schemas";

/** Renames a group or changes its description. */
export async function updateGroup(context: AuthContext, groupHexId: string, raw: unknown, ip: string): Promise<GroupView> {
  const input = groupInput.parse(raw);
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId);
    const group = await findGroup(context, groupHexId, tx);
    await assertGroupNameFree(tx, context.organizationId, input.name, group.id);
    const updated = await tx.group
      .update({ where: { id: group.id }, data: { name: input.name, description: input.description || null }, include: groupInclude })
      .catch(asGroupNameTaken);
    await logGroupOperation(context, "GROUP_UPDATE", group.hexId, ip, tx);
    return toGroupView(updated);
  });
}
