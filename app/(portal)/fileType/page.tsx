import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { screenMetadata } from "@/components/layout/route-params";
import { DocumentTypesScreen } from "@/components/flows/document-types-screen";
import { requirePage } from "@/lib/auth/page-guard";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("fileType");

/** /fileType: document-type management (spec §2 "Screens known only by their texts"). */
export default async function FileTypePage() {
  const context = await requirePage("/fileType");
  const t = await getTranslations("fileTypes");
  const can = (action: "CREATE" | "UPDATE" | "DELETE") =>
    satisfies(context.authorities, { kind: "privilege", module: "ORGANIZACION", action });
  return (
    <div className="mx-auto max-w-4xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <DocumentTypesScreen canCreate={can("CREATE")} canUpdate={can("UPDATE")} canDelete={can("DELETE")} />
    </div>
  );
}
