import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { assertPerson, roleAuthorities } from "./key-records";

/** The organisation's roles for the key form; a role granting more than the caller holds is not offered. */
export async function listRoleOptions(context: AuthContext) {
  assertPerson(context);
  const roles = await db.role.findMany({
    where: { organizationId: context.organizationId },
    include: { privileges: true },
    orderBy: { name: "asc" },
  });
  return roles
    .filter((role) => context.platformAdmin || roleAuthorities(role.privileges).every((a) => context.authorities.includes(a)))
    .map((role) => ({ roleHexId: role.hexId, name: role.name }));
}
