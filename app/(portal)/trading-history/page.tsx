import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { OperationsScreen } from "@/components/operations/operations-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { operationLogExportMaxRows } from "@/lib/audit/operation-log-schemas";
import { organizationTimeZone, searchOperationLogs } from "@/lib/audit/search-operation-logs";
import { requirePage } from "@/lib/auth/page-guard";
import { getConfigNumber } from "@/lib/config/values";
import { addMonths, dayInTimeZone } from "@/lib/i18n/time-zone";
import { modules } from "@/lib/permissions/authorities";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("tradingHistory");

/** /trading-history: the operations list (spec §2), the organisation's operation log. */
export default async function TradingHistoryPage() {
  const context = await requirePage("/trading-history");
  const t = await getTranslations("operations");
  // The list is the search API's (same requirement as the page); exporting needs DOCUMENTO:EXPORT.
  const canExport = satisfies(context.authorities, { kind: "privilege", module: "DOCUMENTO", action: "EXPORT" });
  const [pageSize, timeZone] = await Promise.all([
    getConfigNumber(context.organizationId, "default_page_size"),
    organizationTimeZone(context.organizationId),
  ]);
  // The list opens on the month up to today, the span one export may cover.
  const to = dayInTimeZone(new Date(), timeZone);
  const from = addMonths(to, -1);
  const initialPage = await searchOperationLogs(context, { from, to, size: pageSize });
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <OperationsScreen
        defaultPageSize={pageSize}
        initialFrom={from}
        initialTo={to}
        initialPage={initialPage}
        modules={modules}
        canExport={canExport}
        maxExportRows={operationLogExportMaxRows}
      />
    </div>
  );
}
