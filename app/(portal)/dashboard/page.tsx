import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import { PageTitle } from "@/components/ui/card";
import { ReportChartsView } from "@/components/reports/report-charts";
import { requirePage } from "@/lib/auth/page-guard";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { beforeFullStop } from "@/lib/i18n/text";
import { satisfies } from "@/lib/permissions/routes";
import { recentReportCharts } from "@/lib/reports/report-screen-data";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("dashboard") };
}

export default async function DashboardPage() {
  const context = await requirePage("/dashboard");
  // The report charts of the last 30 days, for those who may open the reports (DOCUMENTO:EXPORT).
  const seesReports = satisfies(context.authorities, { kind: "privilege", module: "DOCUMENTO", action: "EXPORT" });
  const [t, tReports, format, counts, recent] = await Promise.all([
    getTranslations("dashboard"),
    getTranslations("reports.dashboard"),
    getFormatter(),
    getDashboard(context),
    seesReports ? recentReportCharts(context) : null,
  ]);
  const tiles: { key: string; value: number }[] = [];
  if (counts.documents) {
    tiles.push(
      { key: "documentsTotal", value: counts.documents.total },
      { key: "documentsInProgress", value: counts.documents.inProgress },
      { key: "documentsCompleted", value: counts.documents.completed },
      { key: "documentsDrafts", value: counts.documents.drafts },
    );
  }
  if (counts.myPending !== undefined) tiles.push({ key: "myPending", value: counts.myPending });
  if (counts.contacts !== undefined) tiles.push({ key: "contacts", value: counts.contacts });
  if (counts.users !== undefined) tiles.push({ key: "users", value: counts.users });
  if (counts.activeFlows !== undefined) tiles.push({ key: "activeFlows", value: counts.activeFlows });
  return (
    <div>
      <PageTitle subtitle={t("welcome", { name: context.firstName, organization: beforeFullStop(context.organizationName) })}>
        {t("title")}
      </PageTitle>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="dashboard-counts">
        {tiles.map((tile) => (
          <li key={tile.key} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-count={tile.key}>
            <p className="text-sm text-slate-600">{t(`tiles.${tile.key}`)}</p>
            <p className="mt-2 text-3xl font-semibold text-slate-900">{format.number(tile.value)}</p>
          </li>
        ))}
      </ul>
      {recent ? (
        <section className="mt-8 space-y-2" data-testid="dashboard-charts">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{tReports("title")}</h2>
            <Link href="/report/Documentos/1/REPORT_ENVIO" className="text-sm text-brand-700 hover:underline">
              {tReports("openReport")}
            </Link>
          </div>
          <ReportChartsView data={recent.charts} colours={recent.colours} />
        </section>
      ) : null}
    </div>
  );
}
