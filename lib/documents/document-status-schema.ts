import { z } from "zod";
import { evidenceResults } from "@/lib/evidence/evidence-result";

// The shipment's status as the API answers it; pure, so the OpenAPI document and clients share it.

const isoDate = z.string().describe("ISO 8601");

export const deliveryView = z.object({
  deliveryHexId: z.string().describe("The delivery's id; pass it to POST …/deliveries/{deliveryHexId}/retry"),
  signerHexId: z.string(),
  channel: z.enum(["EMAIL", "SMS"]),
  kind: z.string().describe("INVITATION or REMINDER"),
  status: z.enum(["QUEUED", "SENT", "FAILED", "CANCELLED"]),
  attempts: z.number().int(),
  error: z.string().nullable().describe("Why the last attempt failed"),
  sentAt: isoDate.nullable(),
  createdAt: isoDate,
  retryable: z
    .boolean()
    .describe(
      "Whether POST …/deliveries/{deliveryHexId}/retry accepts it: the signer's latest delivery, failed for good, of a live shipment and an open signer with a channel; a retry queues a new one",
    ),
});

export const documentStatusView = z.object({
  documentHexId: z.string(),
  title: z.string(),
  status: z.enum(["DRAFT", "SCHEDULED", "SENT", "IN_PROGRESS", "IN_REVIEW", "COMPLETED", "REJECTED", "CANCELLED", "EXPIRED"]),
  sentAt: isoDate.nullable(),
  completedAt: isoDate.nullable(),
  expirationDate: isoDate.nullable(),
  sealedAt: isoDate.nullable().describe("When the organisation's seal closed the signed files; downloads are ready from then on"),
  files: z.array(
    z.object({
      fileHexId: z.string().describe("Pass it as ?file= to the download"),
      fileName: z.string(),
      sha256: z.string().describe("SHA-256 of the file as uploaded"),
      signedSha256: z.string().nullable().describe("SHA-256 of the signed and sealed file, once sealed"),
    }),
  ),
  certificateSha256: z
    .string()
    .nullable()
    .describe("SHA-256 of the audit certificate, a sealed PDF of its own (download ?file=certificate), once sealed"),
  orders: z.array(z.object({ position: z.number().int(), minSigners: z.number().int(), completed: z.number().int() })),
  signers: z.array(
    z.object({
      signerHexId: z.string().describe("The signer's hexId: the processHexId of their signing link"),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      cellPhone: z.string().nullable(),
      position: z.number().int().describe("Its order"),
      status: z.enum(["PENDING", "IN_PROGRESS", "IN_REVIEW", "COMPLETED", "REJECTED", "LAPSED", "CANCELLED", "ATTEMPTS_EXHAUSTED"]),
      invitedAt: isoDate.nullable(),
      signedAt: isoDate.nullable(),
      rejectedAt: isoDate.nullable(),
      rejectionReason: z.string().nullable().describe("What the signer wrote when rejecting (or the reviewer, rejecting their video)"),
    }),
  ),
  deliveries: z.array(deliveryView),
  evidences: z.array(
    z.object({
      signerHexId: z.string(),
      kind: z.enum(["ID_FRONT", "ID_REAR", "SELFIE", "VIDEO", "SIGNATURE_DRAWING", "FINGERPRINT", "EVIDENCE"]),
      check: z.enum(["PENDING", "VERIFIED", "FAILED", "IN_REVIEW"]).describe("The automatic check's state"),
      result: z.enum(evidenceResults).describe("What was checked, as shown to people: the check, or what applies to a kind without one"),
      createdAt: isoDate,
    }),
  ),
  timeline: z.array(
    z.object({
      at: z.string().describe("YYYY-MM-DD HH:mm:ss on the organisation's clocks (organization_tz), followed by the zone in brackets"),
      time: isoDate,
      event: z.string().describe("A staff operation (DOCUMENT_SEND...) or a signer's audit-trail event (signer.rejected...)"),
      actor: z.enum(["staff", "signer", "system"]),
      userHexId: z.string().nullable().describe("The staff user who acted (their userName), for staff entries and a reviewer's decisions"),
      signerHexId: z.string().nullable(),
      reason: z.string().nullable().describe("A rejection's reason"),
      evidenceKind: z.string().nullable(),
      check: z.string().nullable().describe("An evidence check's outcome"),
    }),
  ),
});

export type DeliveryView = z.infer<typeof deliveryView>;
export type DocumentStatusView = z.infer<typeof documentStatusView>;
