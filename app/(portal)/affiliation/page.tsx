import { getTranslations } from "next-intl/server";
import { AffiliationsScreen } from "@/components/affiliation/affiliations-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { PageTitle } from "@/components/ui/card";
import { listAffiliations, listAffiliationsQuery } from "@/lib/affiliation/list-affiliations";
import { requirePage } from "@/lib/auth/page-guard";
import { getConfigNumber } from "@/lib/config/values";

export const generateMetadata = () => screenMetadata("affiliation");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /affiliation: the people affiliated to the organisation through a validation process (FIRMA:VIEW). */
export default async function AffiliationPage({ searchParams }: Props) {
  const context = await requirePage("/affiliation");
  const t = await getTranslations("affiliation");
  // One value per parameter: a repeated one counts by its first occurrence.
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  const query = listAffiliationsQuery.parse(raw);
  const [data, defaultPageSize] = await Promise.all([
    listAffiliations(context, query),
    getConfigNumber(context.organizationId, "default_page_size"),
  ]);
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <AffiliationsScreen data={data} search={query.search ?? ""} defaultPageSize={defaultPageSize} />
    </div>
  );
}
