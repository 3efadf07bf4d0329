import type { Locale } from "@/lib/i18n/config";
import { isCalendarDay, nextDay, startOfDayInTimeZone } from "@/lib/i18n/time-zone";

// The columns of a batch import file: one row per signer; rows with the same `shipment` key are one
// shipment. Headers are matched without case, accents or punctuation, in Spanish or English.

export const batchColumns = [
  "shipment",
  "title",
  "description",
  "expirationDate",
  "flow",
  "documentType",
  "file",
  "order",
  "minSigners",
  "firstName",
  "lastName",
  "email",
  "phone",
  "mandatory",
  "canReject",
  "language",
] as const;
export type BatchColumn = (typeof batchColumns)[number];

/** Values of the whole shipment: any of its rows may carry them, and rows that do must agree. */
export const shipmentColumns = [
  "title",
  "description",
  "expirationDate",
  "flow",
  "documentType",
  "file",
] as const satisfies readonly BatchColumn[];

export const requiredColumns = ["shipment", "file", "firstName", "lastName"] as const satisfies readonly BatchColumn[];

export const batchLimits = {
  /** Data rows (signers) of one file. */
  maxRows: 500,
  /** The spreadsheet itself. */
  maxSheetBytes: 2 * 1024 * 1024,
  /** PDFs of one request, and all the request's bytes together (each PDF also within max_upload_mb). */
  maxPdfFiles: 500,
  maxRequestBytes: 200 * 1024 * 1024,
  /** As many signers as the preparation screen takes. */
  maxSignersPerShipment: 100,
};

/** Normalised header (lib/spreadsheet headerKey) → column. */
const aliases: Record<BatchColumn, string[]> = {
  shipment: ["shipment", "shipmentkey", "shipmentid", "envio", "clave", "claveenvio", "clavedeenvio", "clavedelenvio", "idenvio"],
  title: ["title", "documenttitle", "titulo", "titulodeldocumento"],
  description: ["description", "descripcion"],
  expirationDate: [
    "expirationdate",
    "expiration",
    "expirydate",
    "expires",
    "fechaexpiracion",
    "fechadeexpiracion",
    "expiracion",
    "vencimiento",
    "fechadevencimiento",
  ],
  flow: ["flow", "flowtitle", "flowname", "flujo", "flujodefirma", "tituloflujo", "titulodelflujo"],
  documentType: ["documenttype", "filetype", "tipodocumento", "tipodedocumento", "tipoarchivo", "tipodearchivo"],
  file: ["file", "filename", "pdf", "archivo", "fichero", "nombrearchivo", "nombredearchivo", "documento"],
  order: ["order", "signerorder", "position", "orden", "ordendefirma", "ordenfirma"],
  minSigners: ["minsigners", "minimumsigners", "minimum", "minimofirmantes", "minimodefirmantes", "firmantesminimos", "minimo"],
  firstName: ["firstname", "name", "nombre", "nombres"],
  lastName: ["lastname", "surname", "apellido", "apellidos"],
  email: ["email", "mail", "correo", "correoelectronico"],
  phone: ["phone", "cellphone", "mobile", "telefono", "movil", "celular"],
  mandatory: ["mandatory", "required", "obligatorio", "firmanteobligatorio"],
  canReject: ["canreject", "mayreject", "puederechazar"],
  language: ["language", "preferredlanguage", "idioma"],
};

const columnByAlias = new Map(batchColumns.flatMap((column) => aliases[column].map((alias) => [alias, column] as const)));

export function batchColumnOf(headerKey: string): BatchColumn | undefined {
  return columnByAlias.get(headerKey);
}

/** The headers the downloadable template writes, in the page's language; each one reads back as its column. */
export const templateHeaders: Record<Locale, Record<BatchColumn, string>> = {
  "es-es": {
    shipment: "envío",
    title: "título",
    description: "descripción",
    expirationDate: "fechaExpiración",
    flow: "flujo",
    documentType: "tipoDocumento",
    file: "archivo",
    order: "orden",
    minSigners: "mínimoFirmantes",
    firstName: "nombre",
    lastName: "apellidos",
    email: "correo",
    phone: "teléfono",
    mandatory: "obligatorio",
    canReject: "puedeRechazar",
    language: "idioma",
  },
  "en-us": Object.fromEntries(batchColumns.map((c) => [c, c])) as Record<BatchColumn, string>,
};

const yes = new Set(["si", "s", "yes", "y", "true", "verdadero", "1", "x"]);
const no = new Set(["no", "n", "false", "falso", "0"]);

/** sí/no, yes/no, true/false, 1/0; blank takes the default; anything else is null (an error). */
export function parseYesNo(value: string | undefined, fallback: boolean): boolean | null {
  if (value === undefined || value.trim() === "") return fallback;
  const key = value.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
  if (yes.has(key)) return true;
  if (no.has(key)) return false;
  return null;
}

const languages: Record<string, Locale> = {
  es: "es-es",
  eses: "es-es",
  espanol: "es-es",
  spanish: "es-es",
  castellano: "es-es",
  en: "en-us",
  enus: "en-us",
  ingles: "en-us",
  english: "en-us",
};

/** es-es / en-us (also es, en, español, english...); blank is Spanish; anything else is null (an error). */
export function parseLanguage(value: string | undefined): Locale | null {
  if (value === undefined || value.trim() === "") return "es-es";
  const key = value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  return Object.hasOwn(languages, key) ? (languages[key] ?? null) : null;
}

/** A whole number written as such ("2", "2.0" from a spreadsheet); null otherwise. */
export function parseWholeNumber(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+(\.0+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * A YYYY-MM-DD expiration is the end of that day in the organisation's time zone; a full ISO date
 * and time is taken as written. Null when it is not a real date.
 */
export function parseExpiration(value: string, timeZone: string): Date | null {
  const trimmed = value.trim();
  if (isCalendarDay(trimmed)) return new Date(startOfDayInTimeZone(nextDay(trimmed), timeZone).getTime() - 1);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(trimmed)) return null;
  const instant = new Date(trimmed);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** An XLSX date cell (exceljs gives it at UTC midnight) as the YYYY-MM-DD people typed. */
export function dateCellText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
}
