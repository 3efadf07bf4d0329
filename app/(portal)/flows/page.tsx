import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { screenMetadata } from "@/components/layout/route-params";
import { FlowsScreen } from "@/components/flows/flows-screen";
import { requirePage } from "@/lib/auth/page-guard";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("flows");

/** /flows */
export default async function FlowsPage() {
  const context = await requirePage("/flows");
  const t = await getTranslations("flows");
  const can = (action: "CREATE" | "UPDATE" | "DELETE") =>
    satisfies(context.authorities, { kind: "privilege", module: "ORGANIZACION", action });
  return (
    <div className="mx-auto max-w-6xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <FlowsScreen canCreate={can("CREATE")} canUpdate={can("UPDATE")} canDelete={can("DELETE")} />
    </div>
  );
}
