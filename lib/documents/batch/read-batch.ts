import { getConfigNumber, getConfigValue } from "@/lib/config/values";
import type { Db, Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { safeTimeZone } from "@/lib/i18n/format";
import { readUploadForm } from "@/lib/http/read-form";
import { readSheetRows, type SheetRow, type UploadedSheet } from "@/lib/spreadsheet/sheet-file";
import { readAttachments, type Attachment } from "./attachments";
import { batchColumnOf, batchLimits, dateCellText, requiredColumns, type BatchColumn } from "./columns";
import { planBatch, type BatchLookups, type BatchPlan } from "./plan";

type UploadedPdf = { name: string; size: number; arrayBuffer(): Promise<ArrayBuffer> };

/** What one multipart request of the batch import carries. */
export type BatchUpload = { sheet: UploadedSheet; pdfs: UploadedPdf[]; send: boolean };

/** Where the import stands once the files are read: the rows, the PDFs, and what the organisation's settings say. */
export type BatchInput = { rows: SheetRow<BatchColumn>[]; attachments: Map<string, Attachment>; timeZone: string };

export function batchTooLarge(): AppError {
  return new AppError("BATCH_IMPORT_TOO_LARGE", { maxRows: batchLimits.maxRows, maxMegabytes: batchLimits.maxSheetBytes / 1024 / 1024 });
}

function requestTooLarge(): AppError {
  return new AppError("BATCH_IMPORT_REQUEST_TOO_LARGE", {
    maxFiles: batchLimits.maxPdfFiles,
    maxMegabytes: batchLimits.maxRequestBytes / 1024 / 1024,
  });
}

/**
 * multipart/form-data with `sheet` (the CSV or XLSX), any number of `files` (the PDFs) and `send`
 * (true to send every shipment once created). The declared length is checked before reading, and
 * the body is cut off once it passes the limit.
 */
export async function readBatchForm(request: Request): Promise<BatchUpload> {
  const form = await readUploadForm(request, batchLimits.maxRequestBytes, {
    tooLarge: requestTooLarge,
    invalid: () => new AppError("BATCH_IMPORT_SHEET_REQUIRED"),
  });
  const sheet = form.get("sheet");
  if (!(sheet instanceof File)) throw new AppError("BATCH_IMPORT_SHEET_REQUIRED", { field: "sheet" });
  const pdfs = form.getAll("files").filter((f): f is File => f instanceof File);
  if (pdfs.length > batchLimits.maxPdfFiles) throw requestTooLarge();
  if (pdfs.reduce((total, f) => total + f.size, sheet.size) > batchLimits.maxRequestBytes) throw requestTooLarge();
  return { sheet: { fileName: sheet.name, bytes: Buffer.from(await sheet.arrayBuffer()) }, pdfs, send: form.get("send") === "true" };
}

/** The rows of the batch file; a header without the columns every shipment needs is refused whole. */
export async function readBatchSheet(sheet: UploadedSheet): Promise<SheetRow<BatchColumn>[]> {
  return readSheetRows(sheet, {
    maxBytes: batchLimits.maxSheetBytes,
    maxRows: batchLimits.maxRows,
    columnOf: batchColumnOf,
    checkColumns: (columns) => {
      const missing: string[] = requiredColumns.filter((c) => !columns.includes(c));
      if (!columns.includes("email") && !columns.includes("phone")) missing.push("email / phone");
      if (missing.length > 0) throw new AppError("BATCH_IMPORT_HEADERS", { columns: missing.join(", ") });
    },
    errors: { file: () => new AppError("BATCH_IMPORT_FILE"), empty: () => new AppError("BATCH_IMPORT_EMPTY"), tooLarge: batchTooLarge },
    dateText: dateCellText,
  });
}

/** Reads the sheet and inspects every PDF; nothing touches the database. */
export async function readBatchInput(organizationId: number, upload: BatchUpload): Promise<BatchInput> {
  const rows = await readBatchSheet(upload.sheet);
  const [maxUploadMb, timeZone] = await Promise.all([
    getConfigNumber(organizationId, "max_upload_mb"),
    getConfigValue(organizationId, "organization_tz"),
  ]);
  return { rows, attachments: await readAttachments(upload.pdfs, maxUploadMb), timeZone: safeTimeZone(timeZone) };
}

/** The organisation's flows and document types, which the file names by title. */
export async function loadBatchLookups(reader: Tx | Db, organizationId: number): Promise<BatchLookups> {
  const flows = await reader.flow.findMany({
    where: { organizationId },
    select: { id: true, name: true, active: true, kind: true, isDefault: true },
    orderBy: { id: "asc" },
  });
  const documentTypes = await reader.documentType.findMany({
    where: { organizationId },
    select: { id: true, name: true, isDefault: true },
    orderBy: { id: "asc" },
  });
  return { flows, documentTypes };
}

export async function planBatchInput(reader: Tx | Db, organizationId: number, input: BatchInput, now = new Date()): Promise<BatchPlan> {
  return planBatch(input.rows, input.attachments, await loadBatchLookups(reader, organizationId), { now, timeZone: input.timeZone });
}
