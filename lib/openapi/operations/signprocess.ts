import { rateLimits } from "@/lib/security/rate-limits";
import { z } from "zod";
import { DocumentStatus, EvidenceCheck, EvidenceKind, ProcessStatus } from "@/lib/db/generated/enums";
import { geolocationInput } from "@/lib/evidence/add-geolocation";
import { livenessActions, livenessAdvice } from "@/lib/evidence/liveness-prompts";
import { locales } from "@/lib/i18n/config";
import { type LinkState, linkStates as endedLinkStates } from "@/lib/signing/link-state";
import { signerStepPages } from "@/lib/signing/steps";
import { rejectionInput } from "@/lib/signing/reject-process";
import { answer } from "../registry";
import { hexIdPath, operationGroup } from "./common";
import { captureRefusals, evidenceForm, newSelfieForm } from "./validation-process";

// The signer's own public calls, from the signing link (lib/signing). The link's secret goes in the X-Url-Sign
// header; a wrong or missing one answers 400 INVALID_LINK as an unknown process, rate-limited per client address.
// An ended link answers 409 LINK_ENDED; a step that is not the current one 409 STEP_OUT_OF_ORDER; a link opened more
// times than the organisation allows 403 MAX_USES_REACHED.

const signerPath = hexIdPath("id", "The signer's processHexId, from the signing link");
const secret = "The link's secret (urlSign) goes in the X-Url-Sign header.";
const captureForm =
  'multipart/form-data: `kind` (ID_FRONT, ID_REAR, SELFIE, VIDEO, FINGERPRINT), `uploadId` (the page\'s id of this capture: a retried upload answers what the first one did and stores nothing twice), `file` (optionally sealed: `keyId`, `encryptedKey`, `iv`), `capturedAt?`, `accepted?` (selfie: true), `detail?` (video: {"challengeId", "promptsShownAtMs"?: when the page showed each prompt, in ms from the recorder\'s start; the turns are judged from then, at most 1500 ms after the prompt was due}).';
const pdf = { description: "The PDF", files: ["application/pdf"] };

/** A call from the signer's own pages on their link: the processHexId in the path, the secret in X-Url-Sign. */
const linkCall = <P extends string>(method: "get" | "post", path: P, summary: string, description = "") => ({
  method,
  path,
  tenancy: "signerLink" as const,
  summary,
  description: [secret, description].filter(Boolean).join(" "),
  pathParams: signerPath,
  rateLimits: [rateLimits.signLinkFailures],
  errors: [403, 409, 429],
});

const nextPage = z.string().nullable().describe("The page the signer goes to next (null without the link's secret)");
/** What a stored capture answers (lib/signing/signer-upload.ts); a retried upload answers the first one's. */
const storedCapture = z.object({
  result: z.literal(1),
  evidenceHexId: z.string().describe("The evidence's hexId"),
  sha256: z.string(),
  finished: z.boolean().describe("The signer's last step is done"),
  next: nextPage,
});

const enumOf = <T extends string>(values: Record<string, T>) => z.enum(Object.values(values) as [T, ...T[]]);
/** lib/signing/link-state.ts LinkState: the states of spec §4 that end a link, and MAX_USES. */
const linkStates = [...endedLinkStates, "MAX_USES"] as const satisfies readonly LinkState[];
const signerPage = z.enum(Object.values(signerStepPages)).describe("The page of a signer step");
/** The organisation's name and logo, all an ended link shows (lib/signing/process-data.ts brand). */
const brand = {
  nameOrganization: z.string(),
  logoOrganization: z.string().describe("The logo's name for GET /api/signprocess/getFileByName/{name}: logo-{organizationHexId}"),
};
/** Spec §3 signature process data of a live link (lib/signing/process-data.ts signatureProcessOf). */
const signatureProcessData = z.object({
  processHexId: z.string(),
  callBackUrl: z.string().nullable().describe("The integrator's callback URL without its query, fragment or credentials"),
  callBackUrlSoftFail: z.string().nullable().describe("The callback URL after a soft failure, as callBackUrl"),
  FirstNameSignee: z.string(),
  lastNameSignee: z.string(),
  documentName: z.string().describe("The shipment's title"),
  nameSender: z.string().describe("The sender's full name, or the organisation's for a shipment without one"),
  ...brand,
  cellPhone: z.string().nullable(),
  userId: z.null().describe("Always null (spec §3 field kept for the signer's pages)"),
  identName: z.string().nullable().describe("The identification type's name"),
  identNumber: z.string().nullable(),
  email: z.string().nullable(),
  identType: z.string().nullable().describe("The identification type's code"),
  userRegistered: z.boolean().describe("The signer is one of the organisation's contacts"),
  contactHexId: z.string().nullable(),
  country: z.string().nullable(),
  defaultCountry: z.string().describe("The country data-confirm proposes: the signer's when known, else the organisation's"),
  documentHexId: z.string(),
  documentStatus: enumOf(DocumentStatus),
  status: enumOf(ProcessStatus).describe("The signer's status"),
  statusId: enumOf(ProcessStatus).describe("The same as status"),
  termsAccepted: z.boolean(),
  hasCRI: z.boolean().describe("A step validates the identity with the authority"),
  askForUseCRI: z.boolean().describe("Always false"),
  preferredLanguage: z.enum(locales),
  stepOrder: z.array(signerPage).describe("The pages of the signer's steps, in order"),
  currentStep: z.number().int().describe("The index of the current step in stepOrder"),
  nextPage: z.string().describe("The page to show: the current step's, full-process when every step is done, or finishedAttempts"),
  hasRear: z.boolean().describe("The ID step asks for the back of the document too"),
  geolocateSigners: z.boolean(),
  obligatoryGeolocation: z.boolean(),
  userIdCardActive: z.boolean().describe("The flow has an ID photo step"),
  userIdSelfieActive: z.boolean().describe("The flow has a selfie step"),
  description: z.string().nullable(),
  expirationDate: z.iso.datetime().nullable(),
  canReject: z.boolean(),
  mandatory: z.boolean(),
  files: z.array(z.object({ fileHexId: z.string(), fileName: z.string(), pages: z.number().int() })).describe("The PDFs to read"),
  captureConfig: z.record(z.string(), z.string()).describe("The capture settings of the organisation"),
  linkUses: z.number().int().describe("Times the link has been opened"),
  maxLinkUses: z.number().int().describe("Times it may be opened (max_link_uses)"),
  lastCheck: z
    .object({
      kind: enumOf(EvidenceKind),
      check: enumOf(EvidenceCheck),
      reason: z.string().nullable().describe("Why a FAILED check failed"),
      comparedWith: z.enum(["ID_FRONT", "SELFIE"]),
      advice: z
        .enum(livenessAdvice)
        .nullable()
        .describe(
          "For a video asked to be recorded again (reason LIVENESS_REPEAT): what to do differently — START_TURNED (face the camera at the start), WRONG_DIRECTION, PROMPT_NOT_ANSWERED (turn further, hold it), NO_VOICE (read the digits aloud), NO_MOVEMENT; null otherwise, and never for an attack",
        ),
    })
    .nullable()
    .describe(
      "The current step's latest checked capture: check PENDING while it runs, then VERIFIED or FAILED with the reason; null on steps without a check",
    ),
});

export const signerOperations = operationGroup(
  "Signer",
  "public",
)({
  getSignatureProcess: {
    ...linkCall(
      "get",
      "/api/signprocess/getSignatureProcess/{id}",
      "Spec §7 getSignatureProcess: the signing process as the signer's pages show it (document, steps, organisation, current page)",
      "result 1 with the spec's signature process data; result 2 (an ended link) keeps only the organisation's name and logo.",
    ),
    responses: answer(
      "The signing process",
      z.union([
        z.object({
          result: z.literal(1),
          invalid: z.literal(false),
          data: signatureProcessData.describe("Spec §3 signature process data"),
        }),
        z.object({
          result: z.literal(2),
          invalid: z.literal(true),
          linkState: z.enum(linkStates).describe("Why the link has ended (spec §4), or MAX_USES when it was opened too often"),
          data: z.object(brand),
        }),
      ]),
    ),
  },
  verifySignatureProcess: {
    ...linkCall(
      "get",
      "/api/signprocess/verify/{id}",
      "Spec §7 verify: the process's status and its document's, for pages to check before each step",
    ),
    responses: answer(
      "status and documentStatus",
      z.object({
        status: z.string().describe("The signer's status"),
        documentStatus: z.string(),
        linkState: z.string().nullable().describe("Why the link has ended (spec §4), or null while it lives"),
      }),
    ),
  },
  completeSigningStep: {
    ...linkCall("post", "/api/signprocess/{id}/step/{page}", "Complete the signer's current step with what its page sent"),
    description: `${secret} data-confirm {identType, identNumber, country, cellPhone?}; accept-terms {accepted: true, termsVersion}; see-document {viewed: true}; digital-signature {image} (a PNG data URL). Answers the page to go to.`,
    pathParams: signerPath.extend({ page: z.string().describe("data-confirm, accept-terms, see-document or digital-signature") }),
    body: { schema: z.record(z.string(), z.unknown()) },
    responses: answer("Where the signer goes next", z.object({ result: z.literal(1), finished: z.boolean(), next: nextPage })),
  },
  uploadSigningEvidence: {
    ...linkCall(
      "post",
      "/api/signprocess/{id}/evidence",
      "A capture of the current step (ID photo, selfie, video, fingerprint)",
      captureForm,
    ),
    rateLimits: [rateLimits.signLinkFailures, rateLimits.evidenceUploadIp],
    body: { schema: evidenceForm, mediaType: "multipart/form-data" },
    responses: answer("The stored evidence and where the signer goes next", storedCapture),
    errors: [403, 409, 413, 429],
    errorNotes: captureRefusals,
  },
  issueSigningVideoChallenge: {
    ...linkCall(
      "post",
      "/api/signprocess/{id}/video-challenge",
      "The digits the signer reads aloud in the video step, and how long they have",
      'The recording then goes to /evidence with kind VIDEO and detail {"challengeId": …}.',
    ),
    rateLimits: [rateLimits.signLinkFailures, rateLimits.videoChallenge],
    responses: answer(
      "The challenge",
      z.object({
        result: z.literal(1),
        challengeId: z.string(),
        digits: z.string().describe("To read aloud"),
        prompts: z
          .array(
            z.object({
              action: z.enum(livenessActions).describe("The person's own left or right"),
              atMs: z.number().int().describe("When to show it, in milliseconds from the recording's start"),
              durationMs: z.number().int().describe("How long it is shown"),
            }),
          )
          .describe("Head turns to make while recording, with their times"),
        expiresAt: z.iso.datetime(),
        seconds: z.number().int().describe("The time to record and send, in seconds"),
        attempts: z.number().int().describe("Attempts made at this step"),
        maxAttempts: z.number().int().describe("Attempts allowed at this step"),
      }),
    ),
    errors: [403, 409, 429, 503],
  },
  restartSigningProcess: {
    ...linkCall(
      "post",
      "/api/signprocess/{id}/restart",
      "Start again from the first step after running out of attempts (finishedAttempts)",
    ),
    responses: answer("The first step's page", z.object({ result: z.literal(1), next: z.string() })),
  },
  rejectSigningProcess: {
    ...linkCall(
      "post",
      "/api/signprocess/{id}/reject",
      "The signer declines to sign, with a reason; irreversible",
      "Only a signer the sender allowed to reject, while none of their evidence has been verified.",
    ),
    body: { schema: rejectionInput },
    responses: answer(
      "Rejected",
      z.object({ result: z.literal(1), documentRejected: z.boolean().describe("The shipment can no longer complete: it is REJECTED") }),
    ),
  },
  readSigningFile: {
    ...linkCall("get", "/api/signprocess/{id}/files/{fileHexId}", "A PDF of the shipment to read, for a live link only"),
    pathParams: signerPath.extend({ fileHexId: z.string().describe("The file's hexId") }),
    responses: { 200: { ...pdf, headers: { "Content-Disposition": "inline, with the file's name" } } },
  },
  addSigneeGeolocation: {
    method: "post",
    path: "/api/signprocess/addSigneeGeolocation",
    rateLimits: [rateLimits.signLinkFailures, rateLimits.validationLinkFailures],
    tenancy: "signerLink",
    summary: "Spec §7 addSigneeGeolocation: where the signer (ENVIO) or validated person (VALIDACION) is, or the error their browser gave",
    description: `${secret} Stored as evidence with its reverse-geocoded address; a denial is stored too.`,
    body: { schema: geolocationInput, component: "GeolocationInput" },
    responses: answer(
      "Stored, with the reverse-geocoded address (spec §3 location object)",
      z.object({
        result: z.literal(1),
        location: z
          .object({
            timestamp: z.iso.datetime().describe("When the browser took the reading"),
            latitude: z.number().nullable(),
            longitude: z.number().nullable(),
            altitude: z.number().nullable(),
            accuracy: z.number().nullable().describe("In metres"),
            altitudeAccuracy: z.number().nullable(),
            heading: z.number().nullable(),
            speed: z.number().nullable(),
            mapLink: z.string().nullable().describe("An OpenStreetMap link to the position; null without one"),
            address: z.object({
              displayName: z.string().nullable().describe("The reverse-geocoded address"),
              errorCode: z
                .number()
                .int()
                .nullable()
                .describe("The browser's error (1-3) without a position, or the reverse geocoder's HTTP-like failure code"),
              errorMessage: z.string().nullable(),
            }),
          })
          .describe("Where the device was, or the error its browser gave"),
      }),
    ),
    errors: [403, 409, 429],
  },
  uploadSigningSelfie: {
    method: "post",
    path: "/api/signprocess/uploadNewSelfie",
    idempotent: true,
    idempotencyScope: "link",
    rateLimits: [rateLimits.signLinkFailures, rateLimits.evidenceUploadIp],
    tenancy: "signerLink",
    summary: "Spec §7 uploadNewSelfie for a signing process",
    description: `${secret} multipart/form-data: \`processHexId\`, \`file\`, \`selfieValidOnGov\`. The selfie step's upload; result "1" is success.`,
    body: {
      schema: newSelfieForm,
      mediaType: "multipart/form-data",
    },
    responses: answer('Stored; result "1" is success', storedCapture.extend({ result: z.literal("1") })),
    errors: [403, 409, 413, 429],
    errorNotes: captureRefusals,
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
    rateLimits: [rateLimits.stampInfoIp],
    tenancy: "public",
    summary: "Spec §7 getStampInfo: the blockchain stamp of a transaction (Merkle root and each network's transaction)",
    description: "Public: it shows only hashes and transaction ids, public on the chains anyway.",
    pathParams: z.object({ trxId: z.string().describe("The stamping transaction id") }),
    responses: answer(
      "The stamp",
      z.object({
        code: z.literal(200),
        trxid: z.string(),
        result: z.object({
          merkleRoot: z.string(),
          algorithm: z.string().describe("How the Merkle tree is built"),
          tag: z.string().describe("The tag the stamp carries on chain"),
          status: z.literal("CONFIRMED"),
          confirmedAt: z.iso.datetime().nullable(),
          evidences: z.number().int().describe("Evidence hashes under the root"),
          networks: z.array(
            z.object({
              name: z.string(),
              kind: z.string().describe("testnet (lacchain) or mainnet (rollux)"),
              chainId: z.number().int(),
              id: z.string().describe("The transaction id on that network"),
              link: z.string().nullable(),
            }),
          ),
        }),
      }),
    ),
  },
});
