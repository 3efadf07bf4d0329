import { z } from "zod";
import { geolocationInput } from "@/lib/evidence/add-geolocation";
import { rejectionInput } from "@/lib/signing/reject-process";
import { hexIdPath, operationGroup } from "./common";
import { evidenceForm } from "./validation-process";

// The signer's own public calls, from the signing link (lib/signing). The link's secret goes in the X-Url-Sign
// header; a wrong or missing one answers 400 INVALID_LINK as an unknown process, rate-limited per client address.
// An ended link answers 409 LINK_ENDED; a step that is not the current one 409 STEP_OUT_OF_ORDER; a link opened more
// times than the organisation allows 403 MAX_USES_REACHED.

const signerPath = hexIdPath("id", "The signer's processHexId, from the signing link");
const secret = "The link's secret (urlSign) goes in the X-Url-Sign header.";
const captureForm =
  'multipart/form-data: `kind` (ID_FRONT, ID_REAR, SELFIE, VIDEO, FINGERPRINT), `uploadId` (the page\'s id of this capture: a retried upload answers what the first one did and stores nothing twice), `file` (optionally sealed: `keyId`, `encryptedKey`, `iv`), `capturedAt?`, `accepted?` (selfie: true), `detail?` (video: {"challengeId"}).';
const pdf = { description: "The PDF", files: ["application/pdf"] };

export const signerOperations = operationGroup(
  "Signer",
  "public",
)({
  getSignatureProcess: {
    method: "get",
    path: "/api/signprocess/getSignatureProcess/{id}",
    tenancy: "signerLink",
    summary: "Spec §7 getSignatureProcess: the signing process as the signer's pages show it (document, steps, organisation, current page)",
    description: secret,
    pathParams: signerPath,
    responses: { 200: { description: "The signing process" } },
    errors: [403, 409, 429],
  },
  verifySignatureProcess: {
    method: "get",
    path: "/api/signprocess/verify/{id}",
    tenancy: "signerLink",
    summary: "Spec §7 verify: the process's status and its document's, for pages to check before each step",
    description: secret,
    pathParams: signerPath,
    responses: { 200: { description: "status and documentStatus" } },
    errors: [403, 409, 429],
  },
  completeSigningStep: {
    method: "post",
    path: "/api/signprocess/{id}/step/{page}",
    tenancy: "signerLink",
    summary: "Complete the signer's current step with what its page sent",
    description: `${secret} data-confirm {identType, identNumber, country, cellPhone?}; accept-terms {accepted: true, termsVersion}; see-document {viewed: true}; digital-signature {image} (a PNG data URL). Answers the page to go to.`,
    pathParams: signerPath.extend({ page: z.string().describe("data-confirm, accept-terms, see-document or digital-signature") }),
    body: { schema: z.record(z.string(), z.unknown()) },
    responses: { 200: { description: "Where the signer goes next" } },
    errors: [403, 409, 429],
  },
  uploadSigningEvidence: {
    method: "post",
    path: "/api/signprocess/{id}/evidence",
    tenancy: "signerLink",
    summary: "A capture of the current step (ID photo, selfie, video, fingerprint)",
    description: `${secret} ${captureForm}`,
    pathParams: signerPath,
    body: { schema: evidenceForm, mediaType: "multipart/form-data" },
    responses: { 200: { description: "The stored evidence and where the signer goes next" } },
    errors: [403, 409, 413, 429],
  },
  issueSigningVideoChallenge: {
    method: "post",
    path: "/api/signprocess/{id}/video-challenge",
    tenancy: "signerLink",
    summary: "The digits the signer reads aloud in the video step, and how long they have",
    description: `${secret} The recording then goes to /evidence with kind VIDEO and detail {"challengeId": …}.`,
    pathParams: signerPath,
    responses: { 200: { description: "{challengeId, digits, expiresAt, seconds}" } },
    errors: [403, 409, 429, 503],
  },
  restartSigningProcess: {
    method: "post",
    path: "/api/signprocess/{id}/restart",
    tenancy: "signerLink",
    summary: "Start again from the first step after running out of attempts (finishedAttempts)",
    description: secret,
    pathParams: signerPath,
    responses: { 200: { description: "The first step's page" } },
    errors: [403, 409, 429],
  },
  rejectSigningProcess: {
    method: "post",
    path: "/api/signprocess/{id}/reject",
    tenancy: "signerLink",
    summary: "The signer declines to sign, with a reason; irreversible",
    description: `${secret} Only a signer the sender allowed to reject, while none of their evidence has been verified.`,
    pathParams: signerPath,
    body: { schema: rejectionInput },
    responses: { 200: { description: "Rejected" } },
    errors: [403, 409, 429],
  },
  readSigningFile: {
    method: "get",
    path: "/api/signprocess/{id}/files/{fileHexId}",
    tenancy: "signerLink",
    summary: "A PDF of the shipment to read, for a live link only",
    description: secret,
    pathParams: signerPath.extend({ fileHexId: z.string().describe("The file's hexId") }),
    responses: { 200: { ...pdf, headers: { "Content-Disposition": "inline, with the file's name" } } },
    errors: [403, 409, 429],
  },
  addSigneeGeolocation: {
    method: "post",
    path: "/api/signprocess/addSigneeGeolocation",
    tenancy: "signerLink",
    summary: "Spec §7 addSigneeGeolocation: where the signer (ENVIO) or validated person (VALIDACION) is, or the error their browser gave",
    description: `${secret} Stored as evidence with its reverse-geocoded address; a denial is stored too.`,
    body: { schema: geolocationInput, component: "GeolocationInput" },
    responses: { 200: { description: "Stored" } },
    errors: [403, 409, 429],
  },
  uploadSigningSelfie: {
    method: "post",
    path: "/api/signprocess/uploadNewSelfie",
    tenancy: "signerLink",
    summary: "Spec §7 uploadNewSelfie for a signing process",
    description: `${secret} multipart/form-data: \`processHexId\`, \`file\`, \`selfieValidOnGov\`. The selfie step's upload; result "1" is success.`,
    body: {
      schema: z.object({ processHexId: z.string(), file: z.file(), selfieValidOnGov: z.string().optional() }),
      mediaType: "multipart/form-data",
    },
    responses: { 200: { description: "Stored" } },
    errors: [403, 409, 413, 429],
  },
  downloadForSigner: {
    method: "get",
    path: "/api/signprocess/download/{token}",
    tenancy: "signerLink",
    summary: "A signer's copy of the signed shipment and its audit certificate (from the completion e-mail)",
    description: "`?file={fileHexId}` one signed PDF, `?file=certificate` the audit certificate; without it a ZIP of both.",
    pathParams: z.object({ token: z.string().describe("The download token (urlDownload)") }),
    query: z.object({ file: z.string().optional().describe("A fileHexId or certificate") }),
    responses: {
      200: {
        description: "The signed files",
        files: ["application/pdf", "application/zip"],
        headers: { "Content-Disposition": "attachment, with the file's name" },
      },
    },
    errors: [403, 409, 429],
  },
  getStampInfo: {
    method: "get",
    path: "/api/signprocess/getStampInfo/{trxId}",
    tenancy: "public",
    summary: "Spec §7 getStampInfo: the blockchain stamp of a transaction (Merkle root and each network's transaction)",
    description: "Public: it shows only hashes and transaction ids, public on the chains anyway.",
    rateLimit: "60 calls a minute per client address",
    pathParams: z.object({ trxId: z.string().describe("The stamping transaction id") }),
    responses: { 200: { description: "{ code: 200, trxid, result: { merkleRoot, networks } }" } },
  },
});
