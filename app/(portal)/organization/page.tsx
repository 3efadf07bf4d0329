import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { OrganizationsScreen } from "@/components/organizations/organizations-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";
import { getConfigNumber } from "@/lib/config/values";

export const generateMetadata = () => screenMetadata("organization");

/** /organization: platform administrators only (lib/permissions/routes.ts). */
export default async function OrganizationPage() {
  const context = await requirePage("/organization");
  const t = await getTranslations("organizations");
  const pageSize = await getConfigNumber(context.organizationId, "default_page_size");
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <OrganizationsScreen ownOrganizationHexId={context.organizationHexId} defaultPageSize={pageSize} />
    </div>
  );
}
