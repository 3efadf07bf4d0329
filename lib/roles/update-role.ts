import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { asRoleNameTaken, assertRoleNameFree, findRole, roleInclude, toRoleView } from "./role-records";
import { roleInput, type RoleView } from "./schemas";

/** Renames a role or changes its description; its privileges change through setRolePrivileges. */
export async function updateRole(context: AuthContext, roleHexId: string, raw: unknown, ip: string): Promise<RoleView> {
  const input = roleInput.parse(raw);
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId);
    const role = await findRole(context, roleHexId, tx);
    await assertRoleNameFree(tx, context.organizationId, input.name, role.id);
    const updated = await tx.role
      .update({ where: { id: role.id }, data: { name: input.name, description: input.description || null }, include: roleInclude })
      .catch(asRoleNameTaken);
    await logOperation(
      { module: "ROL", organizationId: context.organizationId, userId: context.userId, event: "ROLE_UPDATE", ip, recordId: role.hexId },
      tx,
    );
    return toRoleView(updated);
  });
}
