import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { AppError } from "@/lib/errors/app-error";

// CSV and XLSX files people import and export, read and written with exceljs. Each import names its
// columns, the header aliases it accepts and the errors it answers; the file handling is shared.

export type SheetFormat = "xlsx" | "csv";

export type UploadedSheet = { fileName: string; bytes: Buffer };

export type SheetRow<C extends string> = { row: number; values: Partial<Record<C, string>> };

export type SheetReadOptions<C extends string> = {
  maxBytes: number;
  maxRows: number;
  /** The column a normalised header (see headerKey) stands for; undefined for a column to ignore. */
  columnOf: (headerKey: string) => C | undefined;
  /** Throws when a column the import needs is missing from the header row. */
  checkColumns: (columns: readonly (C | undefined)[]) => void;
  errors: { file: () => AppError; empty: () => AppError; tooLarge: () => AppError };
  /** How a date cell of an XLSX reads; by default the text exceljs gives it. */
  dateText?: (date: Date) => string;
};

/** "Correo electrónico", "E-mail" and "email" are the same header. */
export function headerKey(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

// A leading = + - @ makes spreadsheet programs run a cell as a formula. Phones (+ and digits) are safe.
const formulaStart = /^[=+\-@\t\r]/;
const phoneLike = /^\+\d+$/;

function csvSafe(value: unknown): unknown {
  if (typeof value !== "string" || !formulaStart.test(value) || phoneLike.test(value)) return value;
  return `'${value}`;
}

function fromCsvSafe(value: string): string {
  return value.startsWith("'") && formulaStart.test(value.slice(1)) ? value.slice(1) : value;
}

function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Spreadsheet programs save CSV as UTF-8 (often with a BOM) or, on Windows, as Windows-1252. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** Spanish-locale spreadsheets separate CSV fields with semicolons; the header line tells which. */
function guessDelimiter(text: string): string {
  const header = text.split(/\r?\n/, 1)[0] ?? "";
  const counts = [";", ",", "\t"].map((d) => [d, header.split(d).length] as const);
  return counts.reduce((best, current) => (current[1] > best[1] ? current : best))[0];
}

async function readWorksheet(file: UploadedSheet, maxRows: number, fileError: () => AppError): Promise<ExcelJS.Worksheet | undefined> {
  const workbook = new ExcelJS.Workbook();
  const { bytes } = file;
  if (isZip(bytes)) {
    try {
      await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    } catch {
      throw fileError();
    }
    return workbook.worksheets[0];
  }
  if (!/\.(csv|txt)$/i.test(file.fileName)) throw fileError();
  const text = decodeText(bytes);
  try {
    // Cells stay text: the default mapping would turn "+34600000000" into a number and lose the plus.
    return await workbook.csv.read(Readable.from([text]), {
      map: (value: unknown) => (typeof value === "string" ? fromCsvSafe(value) : value),
      parserOptions: { delimiter: guessDelimiter(text), maxRows: maxRows + 2 },
    });
  } catch {
    throw fileError();
  }
}

function cellText(cell: ExcelJS.Cell, dateText: ((date: Date) => string) | undefined): string {
  if (dateText && cell.value instanceof Date) return dateText(cell.value);
  return cell.text.trim();
}

/** The data rows of a CSV or XLSX file under its header row, each with its row number in the file. */
export async function readSheetRows<C extends string>(file: UploadedSheet, options: SheetReadOptions<C>): Promise<SheetRow<C>[]> {
  const { errors } = options;
  if (file.bytes.length === 0) throw errors.empty();
  if (file.bytes.length > options.maxBytes) throw errors.tooLarge();
  const sheet = await readWorksheet(file, options.maxRows, errors.file);
  if (!sheet || sheet.actualRowCount === 0) throw errors.empty();

  const lines: { row: number; cells: string[] }[] = [];
  sheet.eachRow((row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell, options.dateText);
    });
    if (cells.some(Boolean)) lines.push({ row: rowNumber, cells });
  });
  const [header, ...data] = lines;
  if (!header) throw errors.empty();

  const columns = header.cells.map((h) => options.columnOf(headerKey(h ?? "")));
  options.checkColumns(columns);
  if (data.length === 0) throw errors.empty();
  if (data.length > options.maxRows) throw errors.tooLarge();

  return data.map(({ row, cells }) => {
    const values: Partial<Record<C, string>> = {};
    columns.forEach((column, index) => {
      const value = cells[index];
      if (column && value) values[column] = value;
    });
    return { row, values };
  });
}

export type SheetColumn = { key: string; header: string; width: number };

/** Cells are text, or numbers a spreadsheet can add up. */
export type SheetContent = { name: string; columns: readonly SheetColumn[]; rows: readonly Record<string, string | number | null>[] };

/**
 * A workbook whose first sheet has a bold, frozen header row and one row per record (text cells stay
 * text, never formulas). CSV holds the first sheet only; further sheets (instructions...) go into XLSX files.
 */
export async function writeSheetFile(format: SheetFormat, sheets: readonly [SheetContent, ...SheetContent[]]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Rúbrica";
  for (const [index, content] of sheets.entries()) {
    if (index > 0 && format === "csv") break;
    const sheet = workbook.addWorksheet(content.name, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = content.columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.addRows([...content.rows]);
  }
  const written =
    format === "xlsx"
      ? await workbook.xlsx.writeBuffer()
      : await workbook.csv.writeBuffer({ map: csvSafe, formatterOptions: { writeBOM: true } });
  return Buffer.from(written as ArrayBuffer);
}
