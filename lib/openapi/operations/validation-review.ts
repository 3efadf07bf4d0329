import { z } from "zod";
import {
  listValidationProcessesQuery,
  rejectValidationInput,
  validationProcessDetail,
  validationProcessPage,
} from "@/lib/validation-review/schemas";
import { hexIdPath, operationGroup } from "./common";

const processPath = hexIdPath("processHexId", "The validation process's processHexId");
const decision = z.object({
  result: z.literal(1),
  processHexId: z.string(),
  status: z.enum(["COMPLETED", "REJECTED"]),
  reviewedAt: z.string(),
});
const final =
  "Only a process IN_REVIEW can be decided (409 VALIDATION_PROCESS_NOT_IN_REVIEW); the decision is final, so a second one answers 409 VALIDATION_PROCESS_DECIDED (spec §4: rejection of a validation is irreversible). Another organisation's process answers 404.";

/** Staff review of validation processes (/seeValidation). */
export const validationReviewOperations = operationGroup(
  "Validation review",
  "tokenOrApiKey",
)({
  listValidationProcesses: {
    method: "get",
    path: "/api/validation-processes",
    requires: { kind: "privilege", module: "FIRMA", action: "VIEW" },
    tenancy: "organization",
    summary: "The organisation's validation processes, newest first, one page",
    description:
      "Filter by `status` and by the validation link (`validationHexId`); every word of `q` must appear in the person's name, identification number or e-mail, or the link's description. `counts` gives the number of processes in each status for the same search.",
    query: listValidationProcessesQuery,
    responses: { 200: { description: "A page under _embedded.validationProcesses", body: { schema: validationProcessPage } } },
  },
  getValidationProcessReview: {
    method: "get",
    path: "/api/validation-processes/{processHexId}",
    requires: { kind: "privilege", module: "FIRMA", action: "VIEW" },
    tenancy: "organization",
    summary: "A validation process with its evidence, face-match distances, video digits, locations, stamping proofs and audit trail",
    pathParams: processPath,
    responses: { 200: { description: "The process", body: { schema: validationProcessDetail, component: "ValidationProcessDetail" } } },
  },
  getValidationEvidenceFile: {
    method: "get",
    path: "/api/validation-processes/{processHexId}/evidences/{evidenceHexId}",
    requires: { kind: "privilege", module: "FIRMA", action: "VIEW" },
    tenancy: "organization",
    summary: "The stored file of one evidence of the process (photo, video or registry answer)",
    pathParams: processPath.extend(hexIdPath("evidenceHexId", "The evidence's hexId").shape),
    responses: {
      200: {
        description: "The file as stored (its SHA-256 in X-Evidence-Sha256)",
        files: ["image/jpeg", "image/png", "video/webm", "video/mp4", "application/json"],
        headers: { "X-Evidence-Sha256": "The SHA-256 of the bytes, as stamped", "Accept-Ranges": "bytes" },
      },
      206: {
        description:
          "The byte range a Range header asked for (bytes=a-b, a-, -n), as players ask to seek; X-Evidence-Sha256 is the whole file's",
        files: ["image/jpeg", "image/png", "video/webm", "video/mp4", "application/json"],
        headers: {
          "X-Evidence-Sha256": "The SHA-256 of the bytes, as stamped",
          "Accept-Ranges": "bytes",
          "Content-Range": "bytes a-b/length",
        },
      },
    },
  },
  acceptValidationProcess: {
    method: "post",
    path: "/api/validation-processes/{processHexId}/accept",
    requires: { kind: "privilege", module: "FIRMA", action: "UPDATE" },
    tenancy: "organization",
    summary: "Accept a validation process in review: it is COMPLETED",
    description: final,
    pathParams: processPath,
    responses: { 200: { description: "The decision", body: { schema: decision } } },
    errors: [409],
  },
  rejectValidationProcess: {
    method: "post",
    path: "/api/validation-processes/{processHexId}/reject",
    requires: { kind: "privilege", module: "FIRMA", action: "UPDATE" },
    tenancy: "organization",
    summary: "Reject a validation process in review, with a reason: it is REJECTED for good",
    description: `The reason is required (REJECTION_REASON_REQUIRED). ${final}`,
    pathParams: processPath,
    body: { schema: rejectValidationInput, component: "RejectValidationInput" },
    responses: { 200: { description: "The decision", body: { schema: decision } } },
    errors: [409],
  },
});
