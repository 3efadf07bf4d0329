import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { asRoleNameTaken, assertRoleNameFree } from "./role-records";
import { roleInput } from "./schemas";

/** A new role grants nothing until its privileges are set in /rolePrivileges/{rolId}. */
export async function createRole(context: AuthContext, raw: unknown, ip: string): Promise<{ roleHexId: string }> {
  const input = roleInput.parse(raw);
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId);
    await assertRoleNameFree(tx, context.organizationId, input.name);
    const role = await tx.role
      .create({ data: { organizationId: context.organizationId, name: input.name, description: input.description || null } })
      .catch(asRoleNameTaken);
    await logOperation(
      { module: "ROL", organizationId: context.organizationId, userId: context.userId, event: "ROLE_CREATE", ip, recordId: role.hexId },
      tx,
    );
    return { roleHexId: role.hexId };
  });
}
