import ExcelJS from "exceljs";
import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/config";
import { translator, type Translate } from "@/lib/i18n/messages";
import { dayInTimeZone, formatInTimeZone } from "@/lib/i18n/time-zone";
import { renderTablePdf } from "@/lib/pdf/table-pdf";
import { logOperation } from "./operation-log";
import {
  exportOperationLogsQuery,
  exportRange,
  operationLogExportMaxRows,
  type OperationLogExportFormat,
  type OperationLogRow,
} from "./operation-log-schemas";
import { newestFirst, operationLogWhere, organizationTimeZone, toOperationLogRows } from "./search-operation-logs";

const contentTypes: Record<OperationLogExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

type Sheet = {
  t: Translate;
  rows: OperationLogRow[];
  from: string;
  to: string;
  timeZone: string;
  organizationName: string;
  generatedAt: string;
  generatedBy: string;
};

const columnKeys = ["eventTimestamp", "module", "event", "user", "email", "detail"] as const;

function cells(t: Translate, row: OperationLogRow): Record<(typeof columnKeys)[number], string> {
  return {
    eventTimestamp: row.eventTimestamp,
    module: t(`modules.${row.moduleId}`),
    event: row.operationEventId,
    user: row.userFullName ?? "",
    email: row.userEmail ?? "",
    detail: row.detail,
  };
}

async function writeXlsx({ t, rows }: Sheet): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Rúbrica";
  const sheet = workbook.addWorksheet(t("export.sheetName"), { views: [{ state: "frozen", ySplit: 1 }] });
  const widths = { eventTimestamp: 20, module: 16, event: 26, user: 26, email: 32, detail: 70 };
  sheet.columns = columnKeys.map((key) => ({ header: t(`export.columns.${key}`), key, width: widths[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columnKeys.length } };
  // Plain text cells: exceljs never writes a string value as a formula.
  sheet.addRows(rows.map((row) => cells(t, row)));
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

async function writePdf({ t, rows, from, to, timeZone, organizationName, generatedAt, generatedBy }: Sheet): Promise<Buffer> {
  const header = (["eventTimestamp", "module", "event", "user", "detail"] as const).map((key) => t(`export.columns.${key}`));
  return renderTablePdf({
    title: t("export.title"),
    organizationName,
    meta: [t("export.range", { from, to, timeZone }), t("export.generated", { date: generatedAt, user: generatedBy, total: rows.length })],
    header,
    widths: [86, 64, 110, 150, "*"],
    rows: rows.map((row) => {
      const c = cells(t, row);
      return [c.eventTimestamp, c.module, c.event, { stack: [c.user || "—", { text: c.email, color: "#475569" }] }, c.detail];
    }),
    emptyText: t("export.empty"),
    pageLabel: (page, pages) => t("export.page", { page, pages }),
  });
}

/**
 * GET /data/operationLogs/export: the rows the list's filters keep, newest first, as an Excel or
 * PDF file in the caller's language, with times on the organisation's clocks. One month at most
 * (spec §5) and operationLogExportMaxRows rows; the export itself is logged.
 */
export async function exportOperationLogs(context: AuthContext, raw: unknown, locale: Locale, ip: string) {
  const query = exportOperationLogsQuery.parse(raw);
  const timeZone = await organizationTimeZone(context.organizationId);
  const now = new Date();
  const range = exportRange(query.from, query.to, dayInTimeZone(now, timeZone));
  const where = await operationLogWhere(context.organizationId, { ...query, ...range }, timeZone);
  const records = await db.operationLog.findMany({ where, orderBy: newestFirst, take: operationLogExportMaxRows + 1 });
  if (records.length > operationLogExportMaxRows) throw new AppError("OPERATION_LOG_EXPORT_TOO_LARGE", { max: operationLogExportMaxRows });

  const rows = await toOperationLogRows(records, context.organizationHexId, timeZone);
  const sheet: Sheet = {
    t: translator(locale, "operations"),
    rows,
    ...range,
    timeZone,
    organizationName: context.organizationName,
    generatedAt: formatInTimeZone(now, timeZone),
    generatedBy: `${context.firstName} ${context.lastName}`,
  };
  const body = query.format === "pdf" ? await writePdf(sheet) : await writeXlsx(sheet);
  await logOperation({
    module: "DOCUMENTO",
    organizationId: context.organizationId,
    userId: context.userId,
    event: "OPERATION_LOG_EXPORT",
    ip,
    action: `export ${rows.length} operations as ${query.format} from ${range.from} to ${range.to}`,
  });
  return { body, contentType: contentTypes[query.format], fileName: `operations-${dayInTimeZone(now, timeZone)}.${query.format}` };
}
