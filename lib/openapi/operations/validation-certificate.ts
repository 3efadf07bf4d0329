import { rateLimits } from "@/lib/security/rate-limits";
import { hexIdPath, operationGroup } from "./common";

const processPath = hexIdPath("processHexId", "The validation process's processHexId");
const file = {
  description: "The sealed validation certificate (PAdES, sealed by the organisation), as an attachment",
  files: ["application/pdf"],
  headers: { "X-Certificate-Sha256": "The SHA-256 of the PDF, as /validateDocs/{certificateHexId} states it" },
};
const states =
  "409 VALIDATION_CERTIFICATE_NOT_COMPLETED while the process is not COMPLETED; 409 VALIDATION_CERTIFICATE_NOT_READY while the certificate is being made (it waits a bounded time for the evidence's blockchain stamps, then is sealed).";

/** The validation certificate of a completed validation process (lib/validation-process/certificate*.ts). */
export const validationCertificateOperations = operationGroup(
  "Validation review",
  "tokenOrApiKey",
)({
  getValidationCertificate: {
    method: "get",
    path: "/api/validation-processes/{processHexId}/certificate",
    requires: { kind: "privilege", module: "FIRMA", action: "VIEW" },
    tenancy: "organization",
    summary: "The validation certificate of a completed process: the person's data, each evidence's SHA-256, the checks and the stamps",
    description: `Each download is written to the operation log. Another organisation's process answers 404. ${states}`,
    pathParams: processPath,
    responses: { 200: file },
    errors: [409],
  },
});

export const ownValidationCertificateOperations = operationGroup(
  "Validation process",
  "public",
)({
  getOwnValidationCertificate: {
    method: "get",
    path: "/api/validation-process/{processHexId}/certificate",
    rateLimits: [rateLimits.validationLinkFailures],
    tenancy: "signerLink",
    summary: "The validated person's copy of their validation certificate, with the process's secret in X-Url-Sign",
    description: `A wrong or missing secret answers 400 INVALID_LINK, as an unknown process, and counts against the caller's address (429 RATE_LIMITED after repeated failures). ${states}`,
    pathParams: processPath,
    responses: { 200: file },
    errors: [409, 429],
  },
});
