import { rateLimits } from "@/lib/security/rate-limits";
import { z } from "zod";
import { answer } from "../registry";
import { operationGroup } from "./common";

// Public reads that name no organisation's data beyond what their id proves: the API document, the CRLs of the
// signers' certificates, the public check of a sealed file and its evidence package, and the registry check.

export const publicFileOperations = operationGroup(
  "Public",
  "public",
)({
  openApiDocument: {
    method: "get",
    path: "/api/openapi.json",
    tenancy: "public",
    summary: "This OpenAPI 3.1 document",
    responses: { 200: { description: "The document", body: { schema: z.record(z.string(), z.unknown()) } } },
  },
  getCrl: {
    method: "get",
    path: "/api/pki/{file}",
    tenancy: "public",
    summary:
      "A certificate revocation list the signers' certificates name: signer-ca.crl, or {hexId}.crl of an organisation's signing CA (DER)",
    pathParams: z.object({ file: z.string().describe("signer-ca.crl or {organizationHexId}.crl") }),
    responses: { 200: { description: "The CRL, signed at most an hour before", files: ["application/pkix-crl"] } },
  },
  checkPublicPdf: {
    method: "post",
    path: "/api/validateDocs/{signatureHexId}/check",
    rateLimits: [rateLimits.validateDocsCheckIp],
    tenancy: "public",
    summary: "Whether an uploaded PDF is byte for byte the sealed file (or sealed validation certificate) of this id",
    pathParams: z.object({ signatureHexId: z.string().describe("The id printed on the sealed file") }),
    body: { schema: z.object({ file: z.file() }), mediaType: "multipart/form-data" },
    responses: {
      200: {
        description: "The comparison",
        body: {
          schema: z.object({
            identical: z.boolean().describe("The upload is the sealed file, or the sealed certificate, of this id"),
            sha256: z.string().describe("The upload's SHA-256, in hex"),
            fileName: z.string().nullable().describe("The sealed file it matches; null when it matches none or is a certificate"),
            certificate: z.boolean().describe("It is the audit certificate (or the validation certificate)"),
            validationCertificate: z.literal(true).optional().describe("Present when the id is a validation process's certificate"),
          }),
        },
      },
    },
    errors: [413],
    errorNotes: { 409: "VALIDATION_NOT_AVAILABLE: the shipment is not completed and sealed yet" },
  },
  getValidationPackage: {
    method: "get",
    path: "/api/validateDocs/{signatureHexId}/package",
    rateLimits: [rateLimits.validateDocsPackageIp],
    tenancy: "public",
    summary: "The evidence package of a completed, sealed shipment: sealed PDFs, evidence.json and VERIFY.md, as a ZIP",
    pathParams: z.object({ signatureHexId: z.string().describe("The id printed on the sealed file") }),
    responses: { 200: { description: "The package", files: ["application/zip"] } },
    errors: [409],
  },
  saveCriEvidence: {
    method: "get",
    path: "/api/centralRecord/saveCRIEvidence/{id}",
    rateLimits: [rateLimits.signLinkFailures, rateLimits.validationLinkFailures, rateLimits.identityRegistry],
    auth: "public",
    tenancy: "signerLink",
    summary: "The person's identity (a signer's or a validation process's) checked against the government registry, kept as evidence",
    description: "The link's secret (urlSign) goes in the X-Url-Sign header.",
    pathParams: z.object({ id: z.string().describe("The signer's or validation process's processHexId") }),
    responses: answer(
      "The registry's answer as recorded",
      z.object({
        result: z.literal(1),
        registered: z.literal(true).describe("The person is in the registry (one who is not answers an error)"),
        nameMatches: z.boolean().describe("The registry's name is the one the person gave"),
      }),
    ),
    errors: [409, 429],
  },
});
