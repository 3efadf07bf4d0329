import type { AuthContext } from "@/lib/auth/context";
import { roleAuthorities } from "@/lib/api-keys/key-records";
import { db } from "@/lib/db/client";

export type UserFormOptions = { roles: { roleHexId: string; name: string }[]; groups: { groupHexId: string; name: string }[] };

/** The organisation's roles and groups for the user form; a role granting more than the caller holds is not offered. */
export async function userFormOptions(context: AuthContext): Promise<UserFormOptions> {
  const [roles, groups] = await Promise.all([
    db.role.findMany({ where: { organizationId: context.organizationId }, include: { privileges: true }, orderBy: { name: "asc" } }),
    db.group.findMany({ where: { organizationId: context.organizationId }, orderBy: { name: "asc" } }),
  ]);
  return {
    roles: roles
      .filter((role) => context.platformAdmin || roleAuthorities(role.privileges).every((a) => context.authorities.includes(a)))
      .map((role) => ({ roleHexId: role.hexId, name: role.name })),
    groups: groups.map((group) => ({ groupHexId: group.hexId, name: group.name })),
  };
}
