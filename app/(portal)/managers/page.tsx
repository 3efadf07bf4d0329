import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { ManagersScreen } from "@/components/organizations/managers-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("managers");

/** /managers: platform administrators only (lib/permissions/routes.ts); ?organization=hexId picks the organisation. */
export default async function ManagersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePage("/managers");
  const t = await getTranslations("managers");
  const { organization } = await searchParams;
  const initial = typeof organization === "string" && /^[0-9a-f]{32}$/.test(organization) ? organization : null;
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <ManagersScreen initialOrganizationHexId={initial} />
    </div>
  );
}
