import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { screenMetadata } from "@/components/layout/route-params";
import { GroupsScreen } from "@/components/groups/groups-screen";
import { requirePage } from "@/lib/auth/page-guard";
import { listGroupCandidates } from "@/lib/groups/list-group-candidates";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("groups");

/** /groups: the organisation's groups and their members; the calls check the same privileges again. */
export default async function GroupsPage() {
  const context = await requirePage("/groups");
  const t = await getTranslations("groups");
  const can = (action: "CREATE" | "UPDATE" | "DELETE") => satisfies(context.authorities, { kind: "privilege", module: "GRUPO", action });
  // Only an editor picks members, so only an editor is shown the organisation's people.
  const candidates = can("UPDATE") ? await listGroupCandidates(context) : [];
  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <GroupsScreen canCreate={can("CREATE")} canUpdate={can("UPDATE")} canDelete={can("DELETE")} candidates={candidates} />
    </div>
  );
}
