import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { AppError } from "@/lib/errors/app-error";
import {
  assertGrantable,
  assertUserAdministrationRemains,
  findRole,
  grantableAuthorities,
  grantsUserAdministration,
  privilegesFromAuthorities,
  roleAuthorityList,
  roleInclude,
  toRoleView,
} from "./role-records";
import { rolePrivilegesInput, type RoleView } from "./schemas";

/**
 * Replaces what a role grants with exactly `privileges`. Tokens carry authorities, so holders get
 * the change at their next token refresh (API keys, which read their role on every call, at once).
 */
export async function setRolePrivileges(context: AuthContext, roleHexId: string, raw: unknown, ip: string): Promise<RoleView> {
  const input = rolePrivilegesInput.parse(raw);
  const unknown = input.privileges.find((p) => !grantableAuthorities.includes(p));
  if (unknown !== undefined) throw new AppError("ROLE_PRIVILEGE_UNKNOWN", { privilege: unknown, field: "privileges" });
  const wanted = [...new Set(input.privileges)];
  return db.$transaction(async (tx) => {
    // The same lock as deletion, so two roles cannot each drop user administration thinking the other keeps it.
    await lockOrganization(tx, context.organizationId);
    const role = await findRole(context, roleHexId, tx);
    const before = roleAuthorityList(role.privileges);
    assertGrantable(
      context,
      wanted.filter((a) => !before.includes(a)),
    );
    if (grantsUserAdministration(before) && !grantsUserAdministration(wanted))
      await assertUserAdministrationRemains(tx, context.organizationId, role.id);
    await tx.rolePrivilege.deleteMany({ where: { roleId: role.id } });
    await tx.rolePrivilege.createMany({ data: privilegesFromAuthorities(wanted).map((p) => ({ ...p, roleId: role.id })) });
    await logOperation(
      {
        module: "ROL",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "ROLE_PRIVILEGES_UPDATE",
        ip,
        recordId: role.hexId,
      },
      tx,
    );
    return toRoleView(await tx.role.findUniqueOrThrow({ where: { id: role.id }, include: roleInclude }));
  });
}
