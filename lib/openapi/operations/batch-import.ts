import { z } from "zod";
import { batchColumns } from "@/lib/documents/batch/columns";
import { batchTemplateQuery } from "@/lib/documents/batch/template";
import { answer, apiErrorSchema } from "../registry";
import { operationGroup } from "./common";

// The batch import of shipments (/batchImport). Both POSTs take multipart/form-data, which the
// registry does not describe as a body: the fields are named in the summaries.

const multipart =
  "multipart/form-data: `sheet` (CSV or XLSX, a header row and one row per signer; rows with the same `shipment` key are one shipment), the PDFs as repeated `files` parts (the `file` column names them), and `send` (true|false).";

const rowError = z.object({
  row: z.number().int().describe("The row's number in the file (the header is row 1)"),
  column: z.enum(batchColumns).nullable().describe("The column at fault"),
  errorCode: apiErrorSchema.shape.errorCode,
  message: z.string().describe("In the caller's language"),
  onlyWhenSending: z.literal(true).optional().describe("A sending rule a draft may still break: it stops `send=true` only"),
});

const batchForm = z.object({
  sheet: z.file().describe("CSV or XLSX"),
  files: z.array(z.file()).describe("The PDFs, one part each"),
  send: z.enum(["true", "false"]).optional(),
});
const created = z.object({
  sent: z.boolean(),
  created: z.number().int(),
  shipments: z.array(z.object({ key: z.string().describe("The file's shipment key"), documentHexId: z.string(), title: z.string() })),
});

const rejected = apiErrorSchema.extend({ invalid: z.number().int().describe("Rows with errors"), errors: z.array(rowError) });

export const batchImportOperations = operationGroup(
  "Shipments",
  "tokenOrApiKey",
)({
  previewBatchImport: {
    method: "post",
    path: "/api/documents/batch/preview",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "IMPORT" },
    tenancy: "organization",
    summary: "Check a batch import file and its PDFs; nothing is saved",
    description: `${multipart} Answers the shipments the file describes and every row with its values and errors. Each PDF is judged by content, as one upload to a draft is.`,
    body: { schema: batchForm, mediaType: "multipart/form-data" },
    responses: answer(
      "What the import would create",
      z.object({
        totalRows: z.number().int(),
        shipmentCount: z.number().int(),
        invalidRows: z.number().int().describe("Rows with an error that stops the import as drafts"),
        rowsNotReadyToSend: z.number().int().describe("Rows with any error, those that only stop sending included"),
        shipments: z.array(
          z.object({
            key: z.string().describe("The file's shipment key"),
            rows: z.array(z.number().int()).describe("Its rows, one per signer"),
            title: z.string(),
            description: z.string().nullable(),
            expirationDate: z.iso.datetime().nullable(),
            flow: z
              .object({ name: z.string(), fromDefault: z.boolean().describe("No row named a flow: the organisation's default") })
              .nullable(),
            documentType: z.string().nullable().describe("The document type's name"),
            file: z.object({ name: z.string(), pages: z.number().int() }).nullable().describe("The PDF a row names"),
            orders: z.array(z.object({ position: z.number().int(), minSigners: z.number().int() })).describe("The signing orders"),
            signerCount: z.number().int(),
          }),
        ),
        rows: z.array(
          z.object({
            row: z.number().int().describe("The row's number in the file (the header is row 1)"),
            shipment: z.string().nullable().describe("The row's shipment key"),
            values: z.partialRecord(z.enum(batchColumns), z.string()).describe("The row's cells, by column"),
            errors: z.array(rowError),
          }),
        ),
        unusedFiles: z.array(z.string()).describe("PDFs sent along that no row names"),
      }),
    ),
    errors: [400, 413],
  },
  commitBatchImport: {
    method: "post",
    path: "/api/documents/batch",
    idempotent: true,
    requires: { kind: "privilege", module: "DOCUMENTO", action: "IMPORT" },
    tenancy: "organization",
    summary: "Create every shipment of a batch import file as a draft, or send them all; any row with an error creates nothing",
    description: `Sending needs DOCUMENTO:CREATE too. ${multipart} Every rule of a single shipment applies to each row; one failing row answers 422 with every row's errors and nothing is created.`,
    body: { schema: batchForm, mediaType: "multipart/form-data" },
    responses: {
      201: { description: "The shipments created, with their hexIds", body: { schema: created, component: "BatchImportResult" } },
    },
    errors: [400, 413, 422],
    errorBodies: { 422: { schema: rejected, component: "BatchImportRejected" } },
  },
  batchImportTemplate: {
    method: "get",
    path: "/api/documents/batch/template",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "IMPORT" },
    tenancy: "organization",
    summary: "The batch import file to fill in, in the caller's language, with example rows",
    description: "The XLSX adds a sheet that explains each column and lists the organisation's active signature flows and document types.",
    query: batchTemplateQuery,
    responses: {
      200: {
        description: "An XLSX or CSV file",
        files: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "text/csv"],
        headers: { "Content-Disposition": "attachment, with the file's name" },
      },
    },
  },
});
