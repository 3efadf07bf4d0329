import type { AuthContext } from "@/lib/auth/context";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma, RolePrivilege } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { actions, authoritiesFromPrivileges, authority, modules, type ModuleName, type Privilege } from "@/lib/permissions/authorities";
import type { RoleView } from "./schemas";

export const roleInclude = { privileges: true, _count: { select: { users: true } } } satisfies Prisma.RoleInclude;
export type RoleRecord = Prisma.RoleGetPayload<{ include: typeof roleInclude }>;

/** Every authority a role may grant: module × action (spec §6); the platform administrator's is never a role's. */
export const grantableAuthorities: readonly string[] = modules.flatMap((module) => actions.map((action) => authority(module, action)));

export function roleAuthorityList(privileges: RolePrivilege[]): string[] {
  return authoritiesFromPrivileges(
    privileges.map((p) => ({ ...p, module: p.module as ModuleName })),
    false,
  );
}

/**
 * User administration: seeing users and changing them (their role among it). An organisation whose
 * roles all lack it is locked out of its own user and role management.
 */
export function grantsUserAdministration(authorities: readonly string[]): boolean {
  return authorities.includes(authority("USUARIO", "VIEW")) && authorities.includes(authority("USUARIO", "UPDATE"));
}

/** The privilege rows for a list of authorities, one per module that gets any. */
export function privilegesFromAuthorities(authorities: readonly string[]): Privilege[] {
  return modules.flatMap((module) => {
    const has = (action: (typeof actions)[number]) => authorities.includes(authority(module, action));
    const row: Privilege = {
      module,
      canView: has("VIEW"),
      canCreate: has("CREATE"),
      canUpdate: has("UPDATE"),
      canDelete: has("DELETE"),
      canImport: has("IMPORT"),
      canExport: has("EXPORT"),
    };
    return actions.some(has) ? [row] : [];
  });
}

export function toRoleView(role: RoleRecord): RoleView {
  const privileges = roleAuthorityList(role.privileges);
  return {
    roleHexId: role.hexId,
    name: role.name,
    description: role.description,
    users: role._count.users,
    privileges,
    userAdministration: grantsUserAdministration(privileges),
    createdAt: role.createdAt.toISOString(),
  };
}

/** One of the caller's organisation's roles; another organisation's is NOT_FOUND, like a missing one. */
export async function findRole(context: AuthContext, roleHexId: string, tx: Tx | typeof db = db): Promise<RoleRecord> {
  const role = await tx.role.findFirst({ where: { hexId: roleHexId, organizationId: context.organizationId }, include: roleInclude });
  if (!role) throw new AppError("NOT_FOUND");
  return role;
}

/** Spec §5: role names are unique within the organisation, whatever their case. */
export async function assertRoleNameFree(tx: Tx, organizationId: number, name: string, exceptRoleId?: number): Promise<void> {
  const taken = await tx.role.findFirst({
    where: { organizationId, name: { equals: name, mode: "insensitive" }, id: exceptRoleId ? { not: exceptRoleId } : undefined },
  });
  if (taken) throw new AppError("ROLE_NAME_EXISTS", { field: "name" });
}

/** Two concurrent writes with one name: the database's unique key answers with the same catalogue error. */
export function asRoleNameTaken(error: unknown): never {
  if (error instanceof Error && "code" in error && error.code === "P2002") throw new AppError("ROLE_NAME_EXISTS", { field: "name" });
  throw error;
}

/**
 * No lock-out: before `roleId` stops granting user administration (emptied or deleted), another
 * role of the organisation must grant it and be held by an enabled user.
 */
export async function assertUserAdministrationRemains(tx: Tx, organizationId: number, roleId: number): Promise<void> {
  const others = await tx.role.findMany({
    where: { organizationId, id: { not: roleId }, users: { some: { enabled: true } } },
    include: { privileges: { where: { module: "USUARIO" } } },
  });
  if (!others.some((role) => grantsUserAdministration(roleAuthorityList(role.privileges)))) throw new AppError("ROLE_LAST_USER_ADMIN");
}

/**
 * A role editor cannot hand out what they lack (as with API key roles): every authority added must be
 * one the caller holds, unless the caller is the platform administrator.
 */
export function assertGrantable(context: AuthContext, added: readonly string[]): void {
  if (context.platformAdmin) return;
  const missing = added.find((a) => !context.authorities.includes(a));
  if (missing) throw new AppError("ROLE_PRIVILEGE_NOT_HELD", { privilege: missing, field: "privileges" });
}
