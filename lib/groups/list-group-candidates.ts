import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import type { GroupMemberView } from "./schemas";

/** The people of the organisation who can be added to a group: enabled users, API users left out. */
export async function listGroupCandidates(context: AuthContext): Promise<GroupMemberView[]> {
  const users = await db.user.findMany({
    where: { organizationId: context.organizationId, enabled: true, hasApi: false },
    select: { hexId: true, firstName: true, lastName: true, email: true },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
  });
  return users.map((u) => ({ userHexId: u.hexId, firstName: u.firstName, lastName: u.lastName, email: u.email }));
}
