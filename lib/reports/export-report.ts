import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/config";
import { translator, type Translate } from "@/lib/i18n/messages";
import { dayInTimeZone, formatInTimeZone } from "@/lib/i18n/time-zone";
import { renderTablePdf } from "@/lib/pdf/table-pdf";
import { writeSheetFile, type SheetColumn } from "@/lib/spreadsheet/sheet-file";
import {
  reportExportFormat,
  reportExportMaxRows,
  shipmentReportQuery,
  signatureReportQuery,
  type ReportExportFormat,
  type ReportFilters,
  type ReportName,
  type ShipmentReportRow,
  type SignatureReportRow,
} from "./report-schemas";
import { reportTimeFormatter } from "./report-format";
import { readShipmentRows } from "./shipment-report";
import { readSignatureRows } from "./signature-report";

const contentTypes: Record<ReportExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

type Cell = string | number | null;
type Column<R> = { key: string; width: number; pdfWidth: number | string; value: (row: R) => Cell };

type Formatters = { t: Translate; status: Translate; time: (iso: string | null) => string };

const shipmentColumns = ({ status, time }: Formatters): Column<ShipmentReportRow>[] => [
  { key: "title", width: 36, pdfWidth: "*", value: (r) => r.title },
  { key: "sender", width: 26, pdfWidth: 80, value: (r) => r.sender },
  { key: "createdAt", width: 18, pdfWidth: 62, value: (r) => time(r.createdAt) },
  { key: "sentAt", width: 18, pdfWidth: 62, value: (r) => time(r.sentAt) },
  { key: "completedAt", width: 18, pdfWidth: 62, value: (r) => time(r.completedAt) },
  { key: "status", width: 14, pdfWidth: 52, value: (r) => status(r.status) },
  { key: "signersTotal", width: 10, pdfWidth: 34, value: (r) => r.signersTotal },
  { key: "signersSigned", width: 10, pdfWidth: 34, value: (r) => r.signersSigned },
  { key: "signersRejected", width: 10, pdfWidth: 38, value: (r) => r.signersRejected },
  { key: "hoursToComplete", width: 12, pdfWidth: 40, value: (r) => hours(r.secondsToComplete) },
  { key: "flow", width: 20, pdfWidth: 60, value: (r) => r.flow },
  { key: "tags", width: 20, pdfWidth: 60, value: (r) => r.tags.join(", ") },
];

const signatureColumns = ({ t, status, time }: Formatters): Column<SignatureReportRow>[] => {
  const outcome = (value: string | null) => (value ? t(`outcomes.${value}`) : "");
  return [
    { key: "title", width: 30, pdfWidth: "*", value: (r) => r.title },
    { key: "signer", width: 24, pdfWidth: 70, value: (r) => r.signer },
    { key: "email", width: 28, pdfWidth: 84, value: (r) => r.email },
    { key: "position", width: 8, pdfWidth: 26, value: (r) => r.position },
    { key: "status", width: 14, pdfWidth: 48, value: (r) => status(r.status) },
    { key: "invitedAt", width: 18, pdfWidth: 58, value: (r) => time(r.invitedAt) },
    { key: "signedAt", width: 18, pdfWidth: 58, value: (r) => time(r.signedAt) },
    { key: "rejectedAt", width: 18, pdfWidth: 58, value: (r) => time(r.rejectedAt) },
    { key: "rejectionReason", width: 30, pdfWidth: 70, value: (r) => r.rejectionReason },
    { key: "faceMatch", width: 14, pdfWidth: 40, value: (r) => outcome(r.faceMatch) },
    { key: "faceDistance", width: 12, pdfWidth: 34, value: (r) => r.faceDistance },
    { key: "liveness", width: 14, pdfWidth: 40, value: (r) => outcome(r.liveness) },
    { key: "location", width: 28, pdfWidth: 60, value: (r) => (r.location === "GIVEN" ? r.locationName : outcome(r.location)) },
  ];
};

/** Time to complete in hours with one decimal, a number a spreadsheet can average. */
function hours(seconds: number | null): number | null {
  return seconds === null ? null : Math.round(seconds / 360) / 10;
}

/** The filters as people read them, for the file's header. */
function filterLines(t: Translate, filters: ReportFilters & { status?: string }, statusText: string | null, names: Names): string[] {
  const lines = [t("export.range", { from: filters.from ?? "…", to: filters.to ?? "…" })];
  if (statusText) lines.push(`${t("filters.status")}: ${statusText}`);
  if (names.sender) lines.push(`${t("filters.sender")}: ${names.sender}`);
  if (names.flow) lines.push(`${t("filters.flow")}: ${names.flow}`);
  if (filters.search) lines.push(`${t("filters.search")}: ${filters.search}`);
  return lines;
}

type Names = { sender: string | null; flow: string | null };

async function filterNames(organizationId: number, filters: ReportFilters): Promise<Names> {
  const [sender, flow] = await Promise.all([
    filters.sender
      ? db.user.findFirst({ where: { hexId: filters.sender, organizationId }, select: { firstName: true, lastName: true } })
      : null,
    filters.flow ? db.flow.findFirst({ where: { hexId: filters.flow, organizationId }, select: { name: true } }) : null,
  ]);
  return { sender: sender ? `${sender.firstName} ${sender.lastName}` : null, flow: flow?.name ?? null };
}

/**
 * GET /api/reports/{report}/export?format=xlsx|pdf with the report's filters: the rows the screen shows,
 * in its order, as an Excel or PDF file in the caller's language with times on the organisation's clocks.
 * At most reportExportMaxRows rows (more answers REPORT_EXPORT_TOO_LARGE, so nothing is silently cut);
 * the export of these personal data is itself logged.
 */
export async function exportReport(context: AuthContext, report: ReportName, raw: unknown, locale: Locale, ip: string) {
  const { format } = reportExportFormat.parse(raw);
  const timeZone = await organizationTimeZone(context.organizationId);
  const t = translator(locale, "reports");
  const formatters: Formatters = {
    t,
    status: translator(locale, report === "shipments" ? "documentStatus" : "signerStatus"),
    time: reportTimeFormatter(locale, timeZone),
  };
  const read = async () => {
    if (report === "shipments") {
      const query = shipmentReportQuery.parse(raw);
      const { rows } = await readShipmentRows(context.organizationId, query, timeZone, query.sort, reportExportMaxRows + 1, 0);
      return { query, rows: rows as unknown[], columns: shipmentColumns(formatters) as Column<unknown>[] };
    }
    const query = signatureReportQuery.parse(raw);
    const { rows } = await readSignatureRows(context.organizationId, query, timeZone, query.sort, reportExportMaxRows + 1, 0);
    return { query, rows: rows as unknown[], columns: signatureColumns(formatters) as Column<unknown>[] };
  };
  const { query, rows, columns } = await read();
  if (rows.length > reportExportMaxRows) throw new AppError("REPORT_EXPORT_TOO_LARGE", { max: reportExportMaxRows });

  const now = new Date();
  const header = columns.map((column) => t(`columns.${column.key}`));
  const meta = [
    ...filterLines(t, query, query.status ? formatters.status(query.status) : null, await filterNames(context.organizationId, query)),
    t("export.timeZone", { timeZone }),
    t("export.generated", { date: formatInTimeZone(now, timeZone), user: `${context.firstName} ${context.lastName}`, total: rows.length }),
  ];
  const title = t(`titles.${report}`);
  const body =
    format === "pdf"
      ? await renderTablePdf({
          title,
          organizationName: context.organizationName,
          meta,
          header,
          widths: columns.map((column) => column.pdfWidth),
          rows: rows.map((row) => columns.map((column) => String(column.value(row) ?? ""))),
          emptyText: t("export.empty"),
          pageLabel: (page, pages) => t("export.page", { page, pages }),
          fontSize: 7,
        })
      : await writeSheetFile("xlsx", [
          {
            name: title,
            columns: columns.map((column, index): SheetColumn => ({ key: column.key, header: header[index]!, width: column.width })),
            rows: rows.map((row) => Object.fromEntries(columns.map((column) => [column.key, column.value(row)]))),
          },
          {
            name: t("export.aboutSheet"),
            columns: [{ key: "line", header: title, width: 90 }],
            rows: [{ line: context.organizationName }, ...meta.map((line) => ({ line }))],
          },
        ]);
  await logOperation({
    module: "DOCUMENTO",
    organizationId: context.organizationId,
    userId: context.userId,
    event: "REPORT_EXPORT",
    ip,
    action: `export ${report} report, ${rows.length} rows as ${format}${query.from || query.to ? ` from ${query.from ?? "-"} to ${query.to ?? "-"}` : ""}`,
  });
  return { body, contentType: contentTypes[format], fileName: `${t(`fileNames.${report}`)}-${dayInTimeZone(now, timeZone)}.${format}` };
}
