import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { groupInclude, toGroupView } from "./group-records";
import { wholeList, type ListPage } from "@/lib/http/list-page";
import type { GroupView } from "./schemas";

/** The organisation's groups by name, with their members. */
export async function listGroups(context: AuthContext): Promise<{ _embedded: { groups: GroupView[] }; page: ListPage }> {
  const groups = await db.group.findMany({
    where: { organizationId: context.organizationId },
    include: groupInclude,
    orderBy: { name: "asc" },
  });
  return wholeList("groups", groups.map(toGroupView));
}
