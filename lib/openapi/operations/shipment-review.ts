import { z } from "zod";
import { reviewDecisionInput } from "@/lib/signing/review-evidence";
import { documentPath, operationGroup } from "./common";

// A draft's files, the staff member's own signature of a shipment, and the review of a signer's evidence.

const signerPath = documentPath.extend({ signerHexId: z.string().describe("The signer's hexId") });

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
    responses: { 200: { description: "The draft as the preparation screen sees it" } },
    errors: [409],
  },
  openMySignature: {
    method: "post",
    path: "/api/documents/{documentHexId}/my-signature",
    requires: { kind: "privilege", module: "MYSIGN", action: "VIEW" },
    tenancy: "organization",
    summary: "The signed-in staff member's own signer link for this shipment (/docdetail/{id}/mySign)",
    pathParams: documentPath,
    responses: { 200: { description: "The signer link to open" } },
    errors: [409],
  },
  getSignerReview: {
    method: "get",
    path: "/api/documents/{documentHexId}/signers/{signerHexId}/review",
    requires: { kind: "privilege", module: "FIRMA", action: "VIEW" },
    tenancy: "organization",
    summary: "A signer's evidence waiting for staff review, with the automatic checks' results",
    pathParams: signerPath,
    responses: { 200: { description: "The evidence to review" } },
  },
  decideSignerReview: {
    method: "post",
    path: "/api/documents/{documentHexId}/signers/{signerHexId}/review",
    requires: { kind: "privilege", module: "FIRMA", action: "UPDATE" },
    tenancy: "organization",
    summary: "Accept a signer's evidence (they continue from their link) or reject it with a reason",
    pathParams: signerPath,
    body: { schema: reviewDecisionInput, component: "ReviewDecisionInput" },
    responses: { 200: { description: "The decision as recorded" } },
    errors: [409],
  },
  getSignerReviewVideo: {
    method: "get",
    path: "/api/documents/{documentHexId}/signers/{signerHexId}/review/video",
    requires: { kind: "privilege", module: "FIRMA", action: "VIEW" },
    tenancy: "organization",
    summary: "The signer's recording for staff review (never cached)",
    pathParams: signerPath,
    responses: { 200: { description: "The recording", files: ["video/webm", "video/mp4"] } },
  },
});
