import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { routePath, screenMetadata } from "@/components/layout/route-params";
import { ReportScreen } from "@/components/reports/report-screen";
import { requirePage } from "@/lib/auth/page-guard";
import { reportExportMaxRows, reportOfType } from "@/lib/reports/report-schemas";
import { loadReportScreen } from "@/lib/reports/report-screen-data";

export const generateMetadata = () => screenMetadata("report");

/** /report/{item}/{id}/{type}: REPORT_ENVIO (shipments) or REPORT_SIGNATURE (signatures); any other type is no page. */
export default async function ReportPage({ params }: { params: Promise<{ item: string; id: string; type: string }> }) {
  const { item, id, type } = await params;
  const context = await requirePage(routePath("report", item, id, type));
  const report = reportOfType(type);
  if (!report) notFound();
  const [t, screen] = await Promise.all([getTranslations("reports"), loadReportScreen(context, report)]);
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t(`subtitles.${report}`)}>{t(`titles.${report}`)}</PageTitle>
      <ReportScreen {...screen} maxExportRows={reportExportMaxRows} />
    </div>
  );
}
