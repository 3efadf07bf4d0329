import { z } from "zod";
import { callbackBody, callbackTimeoutMs } from "@/lib/callbacks/callback-body";
import { callbackAttempts } from "@/lib/callbacks/callback-jobs";
import { answer } from "../registry";
import { draftDataInput, setNotificationsInput, setSignersInput } from "@/lib/documents/draft-schemas";
import { downloadQuery } from "@/lib/documents/download-signed";
import type { DraftView } from "@/lib/documents/draft-records";
import { documentStatuses, listDocumentsQuery, type DocumentListRow } from "@/lib/documents/list-schemas";
import { flowKinds } from "@/lib/flows/flow-schemas";
import { listSchema } from "@/lib/http/list-page";
import { locales } from "@/lib/i18n/config";
import { deleted, documentPath, operationGroup } from "./common";

const isoDate = z.string().describe("ISO 8601");

const callbackSentence =
  "When the shipment ends, callBackUrl (completed) or callBackUrlSoftFail (rejected, expired) receives a signed POST: see this operation's callbacks.";
const callbackDescription = `The body is JSON, signed like a webhook but with the organisation's callback secret (GET /api/callback-secret): \`X-Rubrica-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>\`, two v1 values for 24 h after a rotation; verify it on the raw body (the SDK's verifyWebhook<ShipmentCallback>). Anything but a 2xx answer within ${callbackTimeoutMs / 1000} s is retried with backoff, ${callbackAttempts} attempts in all.`;
const callbackHeaders = {
  "X-Rubrica-Signature": 't=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>',
  "X-Rubrica-Event": "The body's event",
  "X-Rubrica-Event-Id": "The same in every attempt at one event, so a receiver can drop a duplicate",
  "X-Rubrica-Delivery": "Unique per attempt",
  "X-Rubrica-Attempt": "The attempt's number, from 1",
};
const callback = { schema: callbackBody, component: "ShipmentCallback" };
/** The per-shipment callbacks, on the operations that set their URLs. */
const shipmentCallbacks = {
  shipmentCompleted: {
    url: "{$request.body#/callBackUrl}",
    summary: "The shipment completed: event document.completed",
    description: callbackDescription,
    headers: callbackHeaders,
    body: callback,
  },
  shipmentSoftFail: {
    url: "{$request.body#/callBackUrlSoftFail}",
    summary: "The shipment was rejected or expired: event document.rejected or document.expired",
    description: callbackDescription,
    headers: callbackHeaders,
    body: callback,
  },
};

const documentListRow = z.object({
  documentHexId: z.string(),
  title: z.string(),
  status: z.enum(documentStatuses),
  tags: z.array(z.string()),
  signersTotal: z.number().int(),
  signersSigned: z.number().int(),
  sentAt: isoDate.nullable(),
  expirationDate: isoDate.nullable(),
  createdAt: isoDate,
}) satisfies z.ZodType<DocumentListRow>;

/** A draft as toDraftView builds it; `satisfies` keeps the two in step. */
export const draftViewSchema = z.object({
  documentHexId: z.string(),
  status: z.enum(documentStatuses),
  title: z.string(),
  description: z.string().nullable(),
  expirationDate: isoDate.nullable(),
  flow: z.object({ flowHexId: z.string(), name: z.string(), active: z.boolean(), kind: z.enum(flowKinds) }).nullable(),
  tags: z.array(z.string()),
  callBackUrl: z.string().nullable(),
  callBackUrlSoftFail: z.string().nullable(),
  files: z.array(
    z.object({
      fileHexId: z.string(),
      fileName: z.string(),
      size: z.number().int().describe("Bytes"),
      pages: z.number().int(),
      sha256: z.string(),
      documentType: z.object({ documentTypeHexId: z.string(), name: z.string() }).nullable(),
    }),
  ),
  orders: z.array(z.object({ position: z.number().int(), minSigners: z.number().int() })),
  signers: z.array(
    z.object({
      signerHexId: z.string(),
      contactHexId: z.string().nullable(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      cellPhone: z.string().nullable(),
      position: z.number().int(),
      mandatory: z.boolean(),
      canReject: z.boolean(),
      preferredLanguage: z.enum(locales),
    }),
  ),
  notifications: z.array(z.object({ sendAt: isoDate })),
  createdAt: isoDate,
  updatedAt: isoDate,
}) satisfies z.ZodType<DraftView>;

/** The answer of every draft call: the draft as the preparation screen sees it. */
export const draftAnswer = { schema: draftViewSchema, component: "Draft" };

const draft = "The draft as the preparation screen sees it: data, files, signers by order, notifications.";
const draftData = { schema: draftDataInput, component: "DraftData" };

export const shipmentOperations = operationGroup(
  "Shipments",
  "tokenOrApiKey",
)({
  listDocuments: {
    method: "get",
    path: "/api/documents",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "VIEW" },
    tenancy: "organization",
    summary: "The organisation's shipments, newest first, with signed/total counts",
    description: "Search by title words or an exact tag; filter by status.",
    query: listDocumentsQuery,
    responses: answer("A page of shipments under _embedded.documents", listSchema("documents", documentListRow)),
  },
  createDraft: {
    method: "post",
    path: "/api/documents",
    idempotent: true,
    requires: { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Create a draft shipment (title, description, expiration, flow, tags, callbacks)",
    description: `Without a flow, the organisation's default signature flow is used. ${callbackSentence}`,
    body: draftData,
    responses: answer(draft, draftAnswer, 201),
    callbacks: shipmentCallbacks,
  },
  getDraft: {
    method: "get",
    path: "/api/documents/{documentHexId}",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "VIEW" },
    tenancy: "organization",
    summary: "Read a draft",
    pathParams: documentPath,
    responses: answer(draft, draftAnswer),
  },
  updateDraft: {
    method: "put",
    path: "/api/documents/{documentHexId}",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Change a draft's data",
    description: `Only drafts can change. ${callbackSentence}`,
    pathParams: documentPath,
    body: draftData,
    responses: answer(draft, draftAnswer),
    callbacks: shipmentCallbacks,
    errors: [409],
  },
  deleteDraft: {
    method: "delete",
    path: "/api/documents/{documentHexId}",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Delete a draft and its files",
    description: "Only drafts can be deleted.",
    pathParams: documentPath,
    responses: answer("Deleted", deleted),
    errors: [409],
  },
  uploadDraftFile: {
    method: "post",
    path: "/api/documents/{documentHexId}/files",
    idempotent: true,
    requires: { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Add one PDF to a draft (multipart/form-data: `file`, optional `documentTypeHexId`)",
    description:
      "Judged by content, not by name: not a PDF from its first byte (a ZIP or other container carrying one is refused too), encrypted, unreadable, " +
      "with active content (JavaScript, automatic or launch actions), with a broken cross-reference table (refused as damaged, never repaired), " +
      "over `max_upload_mb` (refused on Content-Length before the body is read) or already signed by the product is refused with its own error. " +
      "A PDF signed by someone else is accepted. The file's name is stored as its base name without control or path characters, at most 255 characters.",
    pathParams: documentPath,
    body: {
      schema: z.object({ file: z.file().describe("The PDF"), documentTypeHexId: z.string().optional() }),
      mediaType: "multipart/form-data",
    },
    responses: answer(draft, draftAnswer, 201),
    errors: [409, 413],
  },
  setDraftSigners: {
    method: "put",
    path: "/api/documents/{documentHexId}/signers",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Set the signers (from a contact or new) and the minimum signers of each order",
    description: "Duplicate signers and invalid minimums are refused.",
    pathParams: documentPath,
    body: { schema: setSignersInput, component: "DraftSigners" },
    responses: answer(draft, draftAnswer),
    errors: [409],
  },
  setDraftNotifications: {
    method: "put",
    path: "/api/documents/{documentHexId}/notifications",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Set the scheduled reminders (after now, before the expiration)",
    pathParams: documentPath,
    body: { schema: setNotificationsInput, component: "DraftNotifications" },
    responses: answer(draft, draftAnswer),
    errors: [409],
  },
  downloadSignedDocument: {
    method: "get",
    path: "/api/documents/{documentHexId}/download",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "VIEW" },
    tenancy: "organization",
    summary: "The signed files of a completed shipment with their audit certificate (a ZIP), or one of them as a PDF",
    description:
      "Without `file`: a ZIP of every signed PDF and the audit certificate. `?file={fileHexId}` gives one signed PDF; `?file=certificate` the audit certificate, a PDF of its own sealed by the organisation that names each signed file by its SHA-256 (the signed files carry nothing but signatures, the seal and long-term validation data, so every signature stays valid under strict validators). Shipments sealed before 2026-11-25 have the certificate inside their signed file: `certificate` answers 404 for them and the download without `file` gives that file. The download is recorded in the operation log.",
    pathParams: documentPath,
    query: downloadQuery,
    responses: {
      200: {
        description: "A ZIP of the signed PDFs and the audit certificate, or the one PDF asked for",
        files: ["application/pdf", "application/zip"],
        headers: { "Content-Disposition": "attachment, with the file's name (filename and UTF-8 filename*)" },
      },
    },
    errorNotes: {
      409: "DOWNLOAD_NOT_COMPLETED: the shipment is not completed yet; DOWNLOAD_NOT_READY: its signed files are still being produced",
    },
  },
});
