import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { roleInclude, toRoleView } from "./role-records";
import { wholeList, type ListPage } from "@/lib/http/list-page";
import type { RoleView } from "./schemas";

/** The organisation's roles by name, each with its privileges and how many users hold it. */
export async function listRoles(context: AuthContext): Promise<{ _embedded: { roles: RoleView[] }; page: ListPage }> {
  const roles = await db.role.findMany({
    where: { organizationId: context.organizationId },
    include: roleInclude,
    orderBy: { name: "asc" },
  });
  return wholeList("roles", roles.map(toRoleView));
}
