import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import type { BatchColumn } from "./columns";
import { blockingErrors, type BatchRowError } from "./plan";
import { planBatchInput, readBatchInput, type BatchUpload } from "./read-batch";

export type BatchPreviewShipment = {
  key: string;
  rows: number[];
  title: string;
  description: string | null;
  expirationDate: string | null;
  flow: { name: string; fromDefault: boolean } | null;
  documentType: string | null;
  file: { name: string; pages: number } | null;
  orders: { position: number; minSigners: number }[];
  signerCount: number;
};

export type BatchPreview = {
  totalRows: number;
  shipmentCount: number;
  /** Rows with an error that stops the import as drafts. */
  invalidRows: number;
  /** Rows with any error, those that only stop sending included. */
  rowsNotReadyToSend: number;
  shipments: BatchPreviewShipment[];
  rows: { row: number; shipment: string | null; values: Partial<Record<BatchColumn, string>>; errors: BatchRowError[] }[];
  /** PDFs sent along that no row names. */
  unusedFiles: string[];
};

const rowsWith = (errors: readonly BatchRowError[]) => new Set(errors.map((e) => e.row)).size;

/** Reads the file and the PDFs and checks every row as the import would; nothing is saved. */
export async function previewBatchImport(context: AuthContext, upload: BatchUpload): Promise<BatchPreview> {
  const input = await readBatchInput(context.organizationId, upload);
  const plan = await planBatchInput(db, context.organizationId, input);
  return {
    totalRows: input.rows.length,
    shipmentCount: plan.shipments.length,
    invalidRows: rowsWith(blockingErrors(plan.errors, false)),
    rowsNotReadyToSend: rowsWith(plan.errors),
    shipments: plan.shipments.map((s) => ({
      key: s.key,
      rows: s.rows,
      title: s.title,
      description: s.description,
      expirationDate: s.expirationDate?.toISOString() ?? null,
      flow: s.flow ? { name: s.flow.name, fromDefault: s.flow.fromDefault } : null,
      documentType: s.documentType?.name ?? null,
      file: s.file ? { name: s.file.name, pages: s.file.pages } : null,
      orders: s.orders,
      signerCount: s.rows.length,
    })),
    rows: input.rows.map(({ row, values }) => ({
      row,
      shipment: values.shipment?.trim() || null,
      values,
      errors: plan.errors.filter((e) => e.row === row),
    })),
    unusedFiles: plan.unusedFiles,
  };
}
