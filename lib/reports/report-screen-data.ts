import type { AuthContext } from "@/lib/auth/context";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { getConfigNumber, getConfigValue } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { dayInTimeZone } from "@/lib/i18n/time-zone";
import { signColours } from "@/lib/organizations/colours";
import { computeReportCharts } from "./report-charts";
import { addDays } from "./report-sql";
import type { ReportCharts, ReportName, ShipmentReportPage, SignatureReportPage } from "./report-schemas";
import { shipmentReport } from "./shipment-report";
import { signatureReport } from "./signature-report";

/** The charts of the 30 days up to today on the organisation's clocks, in its colours (the dashboard's and a report's first view). */
export async function recentReportCharts(
  context: AuthContext,
): Promise<{ charts: ReportCharts; colours: { primary: string; secondary: string } }> {
  const [timeZone, colourValue] = await Promise.all([
    organizationTimeZone(context.organizationId),
    getConfigValue(context.organizationId, "ui_sign_color"),
  ]);
  return { charts: await computeReportCharts(context.organizationId, {}, timeZone), colours: signColours(colourValue) };
}

/**
 * What a report screen opens with: the 30 days up to today, its first page and charts, and the senders
 * (users who have sent a shipment) and signature flows its filters offer.
 */
export async function loadReportScreen(context: AuthContext, report: ReportName) {
  const organizationId = context.organizationId;
  const [timeZone, pageSize, recent, senders, flows] = await Promise.all([
    organizationTimeZone(organizationId),
    getConfigNumber(organizationId, "default_page_size"),
    recentReportCharts(context),
    db.user.findMany({
      where: { organizationId, sentDocuments: { some: {} } },
      select: { hexId: true, firstName: true, lastName: true },
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
    }),
    db.flow.findMany({ where: { organizationId, kind: "SIGNATURE" }, select: { hexId: true, name: true }, orderBy: { name: "asc" } }),
  ]);
  const to = dayInTimeZone(new Date(), timeZone);
  const from = addDays(to, -29);
  const query = { from, to, size: pageSize };
  const initialPage: ShipmentReportPage | SignatureReportPage =
    report === "shipments" ? await shipmentReport(context, query) : await signatureReport(context, query);
  return {
    report,
    defaultPageSize: pageSize,
    initialFrom: from,
    initialTo: to,
    initialPage,
    initialCharts: recent.charts,
    colours: recent.colours,
    senders: senders.map((user) => ({ hexId: user.hexId, name: `${user.firstName} ${user.lastName}` })),
    flows,
  };
}
