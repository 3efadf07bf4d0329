import type { z } from "zod";
import { errorStatus, type ErrorCode } from "@/lib/errors/codes";
import type { Locale } from "@/lib/i18n/config";
import type { SheetRow } from "@/lib/spreadsheet/sheet-file";
import { safeFileName } from "@/lib/validation/file-name";
import { draftDataInput, newSignerInput } from "../draft-schemas";
import { minSignersViolation, signerKeys } from "../sending-rules";
import type { Attachment } from "./attachments";
import { batchLimits, parseExpiration, parseLanguage, parseWholeNumber, parseYesNo, shipmentColumns, type BatchColumn } from "./columns";

// Turns the rows of a batch file into the shipments they describe, with every problem of every row:
// the rules of a single shipment (draft-schemas.ts, sending-rules.ts) applied row by row. Pure: the
// organisation's flows and document types come in as `lookups`.

export type BatchErrorMeta = Record<string, string | number>;

export type BatchRowError = {
  row: number;
  column: BatchColumn | null;
  errorCode: ErrorCode;
  meta?: BatchErrorMeta;
  /** A rule of sending (spec §5) that a draft may still break: it blocks "import and send" only. */
  onlyWhenSending?: true;
};

export type BatchLookups = {
  flows: readonly { id: number; name: string; active: boolean; kind: string; isDefault: boolean }[];
  documentTypes: readonly { id: number; name: string; isDefault: boolean }[];
};

export type PlannedSigner = {
  row: number;
  position: number;
  firstName: string;
  lastName: string;
  email: string | null;
  cellPhone: string | null;
  preferredLanguage: Locale;
  mandatory: boolean;
  canReject: boolean;
};

export type PlannedShipment = {
  key: string;
  rows: number[];
  title: string;
  description: string | null;
  expirationDate: Date | null;
  flow: { id: number; name: string; fromDefault: boolean } | null;
  documentType: { id: number; name: string } | null;
  file: { name: string; pages: number; bytes: Uint8Array } | null;
  orders: { position: number; minSigners: number }[];
  signers: PlannedSigner[];
};

export type BatchPlan = { shipments: PlannedShipment[]; errors: BatchRowError[]; unusedFiles: string[] };

type Values = Partial<Record<BatchColumn, string>>;

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function issueCode(issue: z.core.$ZodIssue): ErrorCode {
  if (issue.message in errorStatus) return issue.message as ErrorCode;
  return issue.code === "invalid_type" ? "EMPTY_FIELD" : "VALIDATION_FAILED";
}

const signerFieldColumn: Record<string, BatchColumn> = {
  firstName: "firstName",
  lastName: "lastName",
  email: "email",
  cellPhone: "phone",
  preferredLanguage: "language",
  position: "order",
};

class Collector {
  readonly errors: BatchRowError[] = [];
  add(row: number, column: BatchColumn | null, errorCode: ErrorCode, meta?: BatchErrorMeta, onlyWhenSending = false) {
    this.errors.push({ row, column, errorCode, ...(meta ? { meta } : {}), ...(onlyWhenSending ? { onlyWhenSending: true as const } : {}) });
  }
}

/** The shipment's value of a shipment-wide column: the first row that fills it; later rows that differ are errors. */
function shipmentValue(
  rows: readonly SheetRow<BatchColumn>[],
  column: BatchColumn,
  errors: Collector,
): { value: string; row: number } | null {
  let first: { value: string; row: number } | null = null;
  for (const { row, values } of rows) {
    const value = values[column]?.trim();
    if (!value) continue;
    if (!first) first = { value, row };
    else if (column === "file" || column === "flow" || column === "documentType" ? !sameText(value, first.value) : value !== first.value) {
      errors.add(row, column, "BATCH_VALUE_CONFLICT", { row: first.row });
    }
  }
  return first;
}

function resolveFlow(lookups: BatchLookups, name: string | undefined, row: number, errors: Collector): PlannedShipment["flow"] {
  if (!name) {
    const fallback = lookups.flows.find((f) => f.isDefault && f.active && f.kind === "SIGNATURE");
    if (fallback) return { id: fallback.id, name: fallback.name, fromDefault: true };
    errors.add(row, "flow", "SHIPMENT_FLOW_INVALID", undefined, true);
    return null;
  }
  const named = lookups.flows.filter((f) => sameText(f.name, name));
  const usable = named.filter((f) => f.active && f.kind === "SIGNATURE");
  if (usable.length === 1) return { id: usable[0]!.id, name: usable[0]!.name, fromDefault: false };
  if (usable.length > 1) errors.add(row, "flow", "BATCH_FLOW_AMBIGUOUS", { name });
  else if (named.length > 0) errors.add(row, "flow", "SHIPMENT_FLOW_INVALID");
  else errors.add(row, "flow", "BATCH_FLOW_NOT_FOUND", { name });
  return null;
}

function resolveDocumentType(
  lookups: BatchLookups,
  name: string | undefined,
  row: number,
  errors: Collector,
): PlannedShipment["documentType"] {
  const found = name ? lookups.documentTypes.find((d) => sameText(d.name, name)) : lookups.documentTypes.find((d) => d.isDefault);
  if (name && !found) errors.add(row, "documentType", "BATCH_DOCUMENT_TYPE_NOT_FOUND", { name });
  return found ? { id: found.id, name: found.name } : null;
}

function resolveFile(
  attachments: ReadonlyMap<string, Attachment>,
  name: string | undefined,
  row: number,
  used: Set<string>,
  errors: Collector,
): PlannedShipment["file"] {
  if (!name) {
    errors.add(row, "file", "SHIPMENT_FILE_REQUIRED");
    return null;
  }
  const attachment = attachments.get(safeFileName(name).toLowerCase());
  if (!attachment) {
    errors.add(row, "file", "BATCH_PDF_NOT_ATTACHED", { name });
    return null;
  }
  used.add(attachment.name);
  if (!attachment.ok) {
    errors.add(row, "file", attachment.errorCode, attachment.meta);
    return null;
  }
  return { name: attachment.name, pages: attachment.pages, bytes: attachment.bytes };
}

/** Title, description and expiration by the draft's rules; the three are also needed to send. */
function shipmentData(rows: readonly SheetRow<BatchColumn>[], firstRow: number, now: Date, timeZone: string, errors: Collector) {
  const title = shipmentValue(rows, "title", errors);
  const description = shipmentValue(rows, "description", errors);
  const expiration = shipmentValue(rows, "expirationDate", errors);
  const data = { title: "", description: null as string | null, expirationDate: null as Date | null };
  const titleParsed = draftDataInput.shape.title.safeParse(title?.value ?? "");
  if (titleParsed.success) data.title = titleParsed.data;
  else errors.add(title?.row ?? firstRow, "title", issueCode(titleParsed.error.issues[0]!));
  const descriptionParsed = draftDataInput.shape.description.safeParse(description?.value ?? null);
  if (descriptionParsed.success) data.description = descriptionParsed.data;
  else errors.add(description?.row ?? firstRow, "description", issueCode(descriptionParsed.error.issues[0]!));
  if (expiration) {
    const date = parseExpiration(expiration.value, timeZone);
    if (!date || date <= now) errors.add(expiration.row, "expirationDate", "SHIPMENT_EXPIRATION_INVALID");
    else data.expirationDate = date;
  }
  if (!title) errors.add(firstRow, "title", "SHIPMENT_DATA_REQUIRED", undefined, true);
  if (!description) errors.add(firstRow, "description", "SHIPMENT_DATA_REQUIRED", undefined, true);
  if (!expiration) errors.add(firstRow, "expirationDate", "SHIPMENT_DATA_REQUIRED", undefined, true);
  return data;
}

/** One row's signer by the preparation screen's rules, or null with the row's errors recorded. */
function rowSigner(row: number, values: Values, errors: Collector): { signer: PlannedSigner | null; position: number | null } {
  const before = errors.errors.length;
  let position: number | null = 1;
  if (values.order) {
    position = parseWholeNumber(values.order);
    if (position === null || position < 1 || position > 50) {
      errors.add(row, "order", "BATCH_ORDER_INVALID");
      position = null;
    }
  }
  const mandatory = parseYesNo(values.mandatory, true);
  if (mandatory === null) errors.add(row, "mandatory", "BATCH_BOOLEAN_INVALID");
  const canReject = parseYesNo(values.canReject, true);
  if (canReject === null) errors.add(row, "canReject", "BATCH_BOOLEAN_INVALID");
  const language = parseLanguage(values.language);
  if (language === null) errors.add(row, "language", "BATCH_LANGUAGE_INVALID");
  const parsed = newSignerInput.safeParse({
    firstName: values.firstName ?? "",
    lastName: values.lastName ?? "",
    email: values.email ?? null,
    cellPhone: values.phone ?? null,
    preferredLanguage: language ?? "es-es",
    position: position ?? 1,
    mandatory: mandatory ?? true,
    canReject: canReject ?? true,
  });
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = signerFieldColumn[String(issue.path[0] ?? "")] ?? null;
      const code = issueCode(issue);
      if (seen.has(`${column}:${code}`)) continue;
      seen.add(`${column}:${code}`);
      errors.add(row, column, code);
    }
  }
  if (!parsed.success || errors.errors.length > before) return { signer: null, position };
  const s = parsed.data;
  return {
    position,
    signer: {
      row,
      position: s.position,
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      cellPhone: s.cellPhone,
      preferredLanguage: s.preferredLanguage,
      mandatory: s.mandatory,
      canReject: s.canReject,
    },
  };
}

/** A repeated e-mail or phone within the shipment, on the row that repeats it (spec §5 duplicates). */
function checkDuplicates(signers: readonly PlannedSigner[], errors: Collector) {
  const seen = new Set<string>();
  for (const signer of signers) {
    const keys = signerKeys(signer);
    const repeated = keys.find((key) => seen.has(key));
    if (repeated) errors.add(signer.row, repeated.startsWith("email:") ? "email" : "phone", "SHIPMENT_SIGNER_DUPLICATE");
    for (const key of keys) seen.add(key);
  }
}

/** Each order's minimum: the value some row of the order gives, or all of the order's signers. */
function shipmentOrders(rows: readonly SheetRow<BatchColumn>[], positions: readonly (number | null)[], errors: Collector) {
  const byPosition = new Map<number, { count: number; firstRow: number; minimum: { value: string; row: number } | null }>();
  rows.forEach(({ row, values }, index) => {
    const position = positions[index];
    if (position === null || position === undefined) return;
    const entry = byPosition.get(position) ?? { count: 0, firstRow: row, minimum: null };
    entry.count += 1;
    const value = values.minSigners?.trim();
    if (value) {
      if (!entry.minimum) entry.minimum = { value, row };
      else if (value !== entry.minimum.value) errors.add(row, "minSigners", "BATCH_VALUE_CONFLICT", { row: entry.minimum.row });
    }
    byPosition.set(position, entry);
  });
  const orders: { position: number; minSigners: number }[] = [];
  for (const [position, entry] of [...byPosition].sort((a, b) => a[0] - b[0])) {
    const minSigners = entry.minimum ? parseWholeNumber(entry.minimum.value) : entry.count;
    const row = entry.minimum?.row ?? entry.firstRow;
    const order = { position, minSigners: minSigners ?? Number.NaN };
    const violation = minSignersViolation(
      Array.from({ length: entry.count }, () => ({ position })),
      [order],
    );
    if (violation) errors.add(row, "minSigners", violation.code);
    else orders.push(order);
  }
  return orders;
}

/**
 * Every shipment of the file, in the order their keys first appear, and every problem found. A
 * shipment is only fit to create when `errors` is empty (or holds only onlyWhenSending errors for
 * drafts).
 */
export function planBatch(
  rows: readonly SheetRow<BatchColumn>[],
  attachments: ReadonlyMap<string, Attachment>,
  lookups: BatchLookups,
  options: { now: Date; timeZone: string },
): BatchPlan {
  const errors = new Collector();
  const groups = new Map<string, SheetRow<BatchColumn>[]>();
  for (const sheetRow of rows) {
    const key = sheetRow.values.shipment?.trim();
    if (!key) {
      errors.add(sheetRow.row, "shipment", "EMPTY_FIELD");
      continue;
    }
    groups.set(key, [...(groups.get(key) ?? []), sheetRow]);
  }

  const used = new Set<string>();
  const shipments: PlannedShipment[] = [];
  for (const [key, all] of groups) {
    const firstRow = all[0]!.row;
    for (const extra of all.slice(batchLimits.maxSignersPerShipment))
      errors.add(extra.row, "shipment", "BATCH_TOO_MANY_SIGNERS", { max: batchLimits.maxSignersPerShipment });
    const group = all.slice(0, batchLimits.maxSignersPerShipment);
    const data = shipmentData(group, firstRow, options.now, options.timeZone, errors);
    const flow = shipmentValue(group, "flow", errors);
    const documentType = shipmentValue(group, "documentType", errors);
    const file = shipmentValue(group, "file", errors);
    const signers: PlannedSigner[] = [];
    const positions: (number | null)[] = [];
    for (const { row, values } of group) {
      const result = rowSigner(row, values, errors);
      positions.push(result.position);
      if (result.signer) signers.push(result.signer);
    }
    checkDuplicates(signers, errors);
    shipments.push({
      key,
      rows: all.map((r) => r.row),
      ...data,
      flow: resolveFlow(lookups, flow?.value, flow?.row ?? firstRow, errors),
      documentType: resolveDocumentType(lookups, documentType?.value, documentType?.row ?? firstRow, errors),
      file: resolveFile(attachments, file?.value, file?.row ?? firstRow, used, errors),
      orders: shipmentOrders(group, positions, errors),
      signers,
    });
  }
  const unusedFiles = [...attachments.values()].map((a) => a.name).filter((name) => !used.has(name));
  const sorted = errors.errors.sort((a, b) => a.row - b.row || columnIndex(a.column) - columnIndex(b.column));
  return { shipments, errors: sorted, unusedFiles };
}

const columnOrder: readonly (BatchColumn | null)[] = [
  "shipment",
  ...shipmentColumns,
  "order",
  "minSigners",
  "firstName",
  "lastName",
  "email",
  "phone",
  "mandatory",
  "canReject",
  "language",
  null,
];
const columnIndex = (column: BatchColumn | null) => columnOrder.indexOf(column);

/** The errors that stop this import: all of them to send, those of drafts otherwise. */
export function blockingErrors(errors: readonly BatchRowError[], send: boolean): BatchRowError[] {
  return send ? [...errors] : errors.filter((e) => !e.onlyWhenSending);
}
