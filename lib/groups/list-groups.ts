import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { groupInclude, toGroupView } from "./group-records";
import type { GroupView } from "./schemas";

/** The organisation's groups by name, with their members. */
export async function listGroups(context: AuthContext): Promise<GroupView[]> {
  const groups = await db.group.findMany({
    where: { organizationId: context.organizationId },
    include: groupInclude,
    orderBy: { name: "asc" },
  });
  return groups.map(toGroupView);
}
