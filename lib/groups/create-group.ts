import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { asGroupNameTaken, assertGroupNameFree, groupInclude, logGroupOperation, toGroupView } from "./group-records";
import { groupInput, type GroupView } from "./schemas";

/** A new group, empty; members are added one by one. */
export async function createGroup(context: AuthContext, raw: unknown, ip: string): Promise<GroupView> {
  const input = groupInput.parse(raw);
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId);
    await assertGroupNameFree(tx, context.organizationId, input.name);
    const group = await tx.group
      .create({
        data: { organizationId: context.organizationId, name: input.name, description: input.description || null },
        include: groupInclude,
      })
      .catch(asGroupNameTaken);
    await logGroupOperation(context, "GROUP_CREATE", group.hexId, ip, tx);
    return toGroupView(group);
  });
}
