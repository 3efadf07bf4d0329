import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { AppError } from "@/lib/errors/app-error";
import { importLimits } from "./schemas";

// Contact files for import and export, read and written with exceljs. Export writes the column keys
// below as headers, so an exported file imports again in any language; import also accepts the
// Spanish and English labels people type themselves.

export const contactColumns = ["name", "lastName", "country", "identType", "identNumber", "fingerprintCode", "email", "phone", "preferredLanguage"] as const;
export type ContactColumn = (typeof contactColumns)[number];
export type ContactFileRow = Partial<Record<ContactColumn, string>>;

export type ContactFileFormat = "xlsx" | "csv";

const headerAliases: Record<ContactColumn, string[]> = {
  name: ["name", "firstname", "nombre", "nombres"],
  lastName: ["lastname", "surname", "apellido", "apellidos"],
  country: ["country", "pais"],
  identType: ["identtype", "idtype", "identificationtype", "tipoidentificacion", "tipodeidentificacion", "tipodocumento", "tipodedocumento"],
  identNumber: ["identnumber", "idnumber", "identificationnumber", "numeroidentificacion", "numerodeidentificacion", "numerodocumento", "numerodedocumento"],
  fingerprintCode: ["fingerprintcode", "fingerprint", "codigohuella", "codigodehuella", "huella"],
  email: ["email", "mail", "correo", "correoelectronico"],
  phone: ["phone", "cellphone", "mobile", "telefono", "movil", "celular"],
  preferredLanguage: ["preferredlanguage", "language", "idioma"],
};

/** "Correo electrónico", "E-mail" and "email" are the same header. */
function headerKey(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const columnByHeader = new Map(contactColumns.flatMap((column) => headerAliases[column].map((alias) => [alias, column] as const)));

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

export function importTooLarge(): AppError {
  return new AppError("CONTACT_IMPORT_TOO_LARGE", { maxRows: importLimits.maxRows, maxMegabytes: importLimits.maxBytes / 1024 / 1024 });
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

async function readWorksheet(fileName: string, bytes: Buffer): Promise<ExcelJS.Worksheet | undefined> {
  const workbook = new ExcelJS.Workbook();
  if (isZip(bytes)) {
    try {
      await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    } catch {
      throw new AppError("CONTACT_IMPORT_FILE");
    }
    return workbook.worksheets[0];
  }
  if (!/\.(csv|txt)$/i.test(fileName)) throw new AppError("CONTACT_IMPORT_FILE");
  const text = decodeText(bytes);
  try {
    // Cells stay text: the default mapping would turn "+34600000000" into a number and lose the plus.
    return await workbook.csv.read(Readable.from([text]), {
      map: (value: unknown) => (typeof value === "string" ? fromCsvSafe(value) : value),
      parserOptions: { delimiter: guessDelimiter(text), maxRows: importLimits.maxRows + 2 },
    });
  } catch {
    throw new AppError("CONTACT_IMPORT_FILE");
  }
}

/** The data rows of a CSV or XLSX contact file, each with its row number in the file. */
export async function readContactFile(file: { fileName: string; bytes: Buffer }): Promise<{ row: number; values: ContactFileRow }[]> {
  if (file.bytes.length === 0) throw new AppError("CONTACT_IMPORT_EMPTY");
  if (file.bytes.length > importLimits.maxBytes) throw importTooLarge();
  const sheet = await readWorksheet(file.fileName, file.bytes);
  if (!sheet || sheet.actualRowCount === 0) throw new AppError("CONTACT_IMPORT_EMPTY");

  const lines: { row: number; cells: string[] }[] = [];
  sheet.eachRow((row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text.trim();
    });
    if (cells.some(Boolean)) lines.push({ row: rowNumber, cells });
  });
  const [header, ...data] = lines;
  if (!header) throw new AppError("CONTACT_IMPORT_EMPTY");

  const columns = header.cells.map((h) => columnByHeader.get(headerKey(h ?? "")));
  const missing: string[] = (["name", "lastName"] as const).filter((c) => !columns.includes(c));
  if (!columns.includes("email") && !columns.includes("phone")) missing.push("email / phone");
  if (missing.length > 0) throw new AppError("CONTACT_IMPORT_HEADERS", { columns: missing.join(", ") });
  if (data.length === 0) throw new AppError("CONTACT_IMPORT_EMPTY");
  if (data.length > importLimits.maxRows) throw importTooLarge();

  return data.map(({ row, cells }) => {
    const values: ContactFileRow = {};
    columns.forEach((column, index) => {
      const value = cells[index];
      if (column && value) values[column] = value;
    });
    return { row, values };
  });
}

/** One sheet (or CSV) with a header row of column keys and one row per contact, every cell as text. */
export async function writeContactFile(format: ContactFileFormat, rows: Record<ContactColumn, string>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Rúbrica";
  const sheet = workbook.addWorksheet("Contacts", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = contactColumns.map((key) => ({ header: key, key, width: key === "email" ? 32 : 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(rows);
  const written = format === "xlsx" ? await workbook.xlsx.writeBuffer() : await workbook.csv.writeBuffer({ map: csvSafe, formatterOptions: { writeBOM: true } });
  return Buffer.from(written as ArrayBuffer);
}
