import { AppError } from "@/lib/errors/app-error";
import { readSheetRows, writeSheetFile, type SheetFormat, type UploadedSheet } from "@/lib/spreadsheet/sheet-file";
import { contactColumns, importLimits } from "./schemas";

// Contact files for import and export (lib/spreadsheet reads and writes them). Export writes the
// column keys below as headers, so an exported file imports again in any language; import also
// accepts the Spanish and English labels people type themselves.

export type ContactColumn = (typeof contactColumns)[number];
export type ContactFileRow = Partial<Record<ContactColumn, string>>;

export type ContactFileFormat = SheetFormat;

const headerAliases: Record<ContactColumn, string[]> = {
  name: ["name", "firstname", "nombre", "nombres"],
  lastName: ["lastname", "surname", "apellido", "apellidos"],
  country: ["country", "pais"],
  identType: [
    "identtype",
    "idtype",
    "identificationtype",
    "tipoidentificacion",
    "tipodeidentificacion",
    "tipodocumento",
    "tipodedocumento",
  ],
  identNumber: [
    "identnumber",
    "idnumber",
    "identificationnumber",
    "numeroidentificacion",
    "numerodeidentificacion",
    "numerodocumento",
    "numerodedocumento",
  ],
  fingerprintCode: ["fingerprintcode", "fingerprint", "codigohuella", "codigodehuella", "huella"],
  email: ["email", "mail", "correo", "correoelectronico"],
  phone: ["phone", "cellphone", "mobile", "telefono", "movil", "celular"],
  preferredLanguage: ["preferredlanguage", "language", "idioma"],
};

const columnByHeader = new Map(contactColumns.flatMap((column) => headerAliases[column].map((alias) => [alias, column] as const)));

export function importTooLarge(): AppError {
  return new AppError("CONTACT_IMPORT_TOO_LARGE", { maxRows: importLimits.maxRows, maxMegabytes: importLimits.maxBytes / 1024 / 1024 });
}

/** The data rows of a CSV or XLSX contact file, each with its row number in the file. */
export async function readContactFile(file: UploadedSheet): Promise<{ row: number; values: ContactFileRow }[]> {
  return readSheetRows(file, {
    maxBytes: importLimits.maxBytes,
    maxRows: importLimits.maxRows,
    columnOf: (key) => columnByHeader.get(key),
    checkColumns: (columns) => {
      const missing: string[] = (["name", "lastName"] as const).filter((c) => !columns.includes(c));
      if (!columns.includes("email") && !columns.includes("phone")) missing.push("email / phone");
      if (missing.length > 0) throw new AppError("CONTACT_IMPORT_HEADERS", { columns: missing.join(", ") });
    },
    errors: {
      file: () => new AppError("CONTACT_IMPORT_FILE"),
      empty: () => new AppError("CONTACT_IMPORT_EMPTY"),
      tooLarge: importTooLarge,
    },
  });
}

/** One sheet (or CSV) with a header row of column keys and one row per contact, every cell as text. */
export async function writeContactFile(format: ContactFileFormat, rows: Record<ContactColumn, string>[]): Promise<Buffer> {
  const columns = contactColumns.map((key) => ({ header: key, key, width: key === "email" ? 32 : 18 }));
  return writeSheetFile(format, [{ name: "Contacts", columns, rows }]);
}
