import { z } from "zod";
import { idPhotoFacts, judgedFrame } from "@/lib/evidence/liveness-facts";
import { reviewDecisionInput } from "@/lib/signing/review-evidence";
import { answer } from "../registry";
import { documentPath, operationGroup } from "./common";
import { draftAnswer } from "./shipments";

// A draft's files, the staff member's own signature of a shipment, and the review of a signer's evidence.

const signerPath = documentPath.extend({ signerHexId: z.string().describe("The signer's hexId") });

/** A call on one signer's review: FIRMA:VIEW to look, FIRMA:UPDATE to decide. */
const review = (action: "VIEW" | "UPDATE", method: "get" | "post", path: string, summary: string) => ({
  method,
  path: `/api/documents/{documentHexId}/signers/{signerHexId}/review${path}`,
  requires: { kind: "privilege" as const, module: "FIRMA" as const, action },
  tenancy: "organization" as const,
  summary,
  pathParams: signerPath,
});

const reviewView = z.object({
  signerHexId: z.string(),
  status: z.string().describe("The signer's status (IN_REVIEW while a video waits)"),
  evidence: z
    .object({
      evidenceHexId: z.string(),
      createdAt: z.string().describe("ISO 8601"),
      digits: z.string().nullable().describe("The digits the signer had to read aloud"),
      reasons: z.array(z.string()).describe("Why the liveness check sent it to review (codes)"),
      matchedFrames: z.number().int().nullable(),
      frames: z.number().int().nullable().describe("The frames the face was compared on"),
      movement: z.record(z.string(), z.unknown()).nullable().describe("What the liveness judge measured (head turns, mouth, voice)"),
      judgedFrames: z.array(judgedFrame).describe("Each frame the liveness judge looked at, in time order"),
      idPhoto: idPhotoFacts.nullable(),
      videoUrl: z.string().describe("GET it for the recording"),
    })
    .nullable()
    .describe("null when nothing awaits review"),
});

export const shipmentReviewOperations = operationGroup(
  "Shipments",
  "tokenOrApiKey",
)({
  removeDraftFile: {
    method: "delete",
    path: "/api/documents/{documentHexId}/files/{fileHexId}",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Remove one PDF from a draft",
    description: "Only drafts change.",
    pathParams: documentPath.extend({ fileHexId: z.string().describe("The file's hexId") }),
    responses: answer("The draft as the preparation screen sees it", draftAnswer),
    errors: [409],
  },
  openMySignature: {
    method: "post",
    path: "/api/documents/{documentHexId}/my-signature",
    idempotent: true,
    requires: { kind: "privilege", module: "MYSIGN", action: "VIEW" },
    tenancy: "organization",
    summary: "The signed-in staff member's own signer link for this shipment (/docdetail/{id}/mySign)",
    pathParams: documentPath,
    responses: answer("The signer link to open", z.object({ redirect: z.string().describe("/sign/{urlSign}/{processHexId}") })),
    errors: [409],
  },
  getSignerReview: {
    ...review("VIEW", "get", "", "A signer's evidence waiting for staff review, with the automatic checks' results"),
    responses: answer("The evidence to review", reviewView),
  },
  decideSignerReview: {
    ...review("UPDATE", "post", "", "Accept a signer's evidence (they continue from their link) or reject it with a reason"),
    body: { schema: reviewDecisionInput, component: "ReviewDecisionInput" },
    responses: answer(
      "The decision as recorded",
      z.object({
        result: z.literal(1),
        decision: z.enum(["ACCEPT", "REJECT"]),
        status: z.string().describe("The signer's status as the decision found it"),
        documentRejected: z.boolean().describe("The rejection left the shipment unable to complete: it is REJECTED"),
      }),
    ),
    errors: [409],
  },
  getSignerReviewVideo: {
    ...review("VIEW", "get", "/video", "The signer's recording for staff review (never cached)"),
    responses: {
      200: { description: "The recording", files: ["video/webm", "video/mp4"], headers: { "Accept-Ranges": "bytes" } },
      206: {
        description: "The byte range a Range header asked for (bytes=a-b, a-, -n), as players ask to seek",
        files: ["video/webm", "video/mp4"],
        headers: { "Accept-Ranges": "bytes", "Content-Range": "bytes a-b/length" },
      },
    },
  },
});
