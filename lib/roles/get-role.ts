import type { AuthContext } from "@/lib/auth/context";
import { findRole, toRoleView } from "./role-records";
import type { RoleView } from "./schemas";

/** One role of the caller's organisation with its privileges. */
export async function getRole(context: AuthContext, roleHexId: string): Promise<RoleView> {
  return toRoleView(await findRole(context, roleHexId));
}
