import { rateLimits } from "@/lib/security/rate-limits";
import { z } from "zod";
import { rejectionInput } from "@/lib/signing/reject-process";
import { hexIdPath, operationGroup } from "./common";

// The validation process's own public calls, from the person's phone (lib/validation-process). The process's secret
// goes in the X-Url-Sign header; a wrong or missing one answers 400 INVALID_LINK as an unknown process, rate-limited per
// client address. An ended process answers 409 LINK_ENDED with its `state`; a step that is not the current one 409
// STEP_OUT_OF_ORDER with the `page` where the process stands; out of attempts 409 ATTEMPTS_EXHAUSTED (page finishedAttempts).

const processPath = hexIdPath("processHexId", "The validation process's processHexId");
const secret = "The process's secret (urlSign from the PIN login) goes in the X-Url-Sign header.";
const next = z.object({ result: z.literal(1), next: z.string() });
const pages =
  "`next` is the /validation-process page to go to: the next step's (data-confirm after data-capture-validation), reloadpage while a face or liveness check decides the step, review-process while staff decide, full-process at the end.";
const captureForm =
  'multipart/form-data, the same form as POST /api/signprocess/{id}/evidence: `kind` (ID_FRONT, ID_REAR, SELFIE, VIDEO, FINGERPRINT), `uploadId` (the page\'s id of this capture: a retried upload answers what the first one did and stores nothing twice), `file` (optionally sealed: `keyId`, `encryptedKey`, `iv`), `capturedAt?`, `accepted?` (selfie: true), `detail?` (video: {"challengeId", "promptsShownAtMs"?: when the page showed each prompt, in ms from the recorder\'s start; the turns are judged from then, at most 1500 ms after the prompt was due}).';
/**
 * The refusals of a capture at upload (lib/evidence/document-check.ts), the same in both identity processes: stored as a
 * failed attempt at the step.
 */
export const captureRefusals = {
  422: "The picture was refused and counts as an attempt: ID_FACE_NOT_IDENTIFIED or ID_MORE_THAN_ONE_FACE (an ID front a selfie is compared with shows no face or several), ID_REAR_SAME_AS_FRONT or ID_REAR_SAME_AS_SELFIE (the rear is another capture sent again), SELFIE_SAME_AS_ID_PHOTO (the selfie is the ID photo)",
};
/** The capture form of both identity processes (signing and validation). */
export const evidenceForm = z.object({
  kind: z.enum(["ID_FRONT", "ID_REAR", "SELFIE", "VIDEO", "FINGERPRINT"]),
  uploadId: z.string(),
  file: z.file(),
  keyId: z.string().optional(),
  encryptedKey: z.string().optional(),
  iv: z.string().optional(),
  capturedAt: z.string().optional(),
  accepted: z.string().optional(),
  detail: z.string().optional(),
});
/** The form of spec §7 uploadNewSelfie, for both identity processes (lib/evidence/read-evidence-form.ts readNewSelfieRequest). */
export const newSelfieForm = z.object({
  processHexId: z.string(),
  id: z.string().optional().describe("The process id under its older name, when processHexId is not sent"),
  file: z.file(),
  selfieValidOnGov: z.string().optional(),
  keyId: z.string().optional().describe("A sealed file's envelope, as in the capture form"),
  encryptedKey: z.string().optional(),
  iv: z.string().optional(),
});
const uploaded = z.object({ result: z.literal(1), evidenceHexId: z.string(), sha256: z.string(), finished: z.boolean(), next: z.string() });
const geolocation =
  " When the flow or the link makes the location obligatory, no step is completed before a position was reported through POST /api/signprocess/addSigneeGeolocation (process VALIDACION): 409 LOCATION_REQUIRED.";

export const validationFlowOperations = operationGroup(
  "Validation process",
  "public",
)({
  completeValidationStep: {
    method: "post",
    path: "/api/validation-process/{processHexId}/step/{page}",
    rateLimits: [rateLimits.validationLinkFailures],
    tenancy: "signerLink",
    summary: "Complete the person's current step with what its page sent",
    description: `${secret} page home-page {accepted: true, termsVersion} (the ACCEPT_TERMS step); data-capture-validation {firstName, lastName, email?, cellPhone?, country, identType, identNumber}, saved on the process (country and identification type from the product's reference data: COUNTRY_UNKNOWN, IDENT_TYPE_UNKNOWN, INVALID_IDENT_NUMBER), answering next data-confirm; data-confirm {confirmed: true} completes the DATA_CONFIRM step. A page the flow has not: STEP_NOT_AVAILABLE. ${pages}${geolocation}`,
    pathParams: processPath.extend({ page: z.enum(["home-page", "data-capture-validation", "data-confirm"]) }),
    body: { schema: z.record(z.string(), z.unknown()) },
    responses: { 200: { description: "Where the person goes next", body: { schema: next.extend({ finished: z.boolean() }) } } },
    errors: [409],
  },
  uploadValidationEvidence: {
    method: "post",
    path: "/api/validation-process/{processHexId}/evidence",
    rateLimits: [rateLimits.validationLinkFailures, rateLimits.evidenceUploadIp],
    tenancy: "signerLink",
    summary: "A capture of the current step (ID photo, selfie, video, fingerprint)",
    description: `${secret} ${captureForm} A selfie or video compared with an earlier step is checked by a job (face or liveness check): the answer's next is reloadpage and getValidationProcess's lastCheck follows it. ${pages}${geolocation}`,
    pathParams: processPath,
    body: { schema: evidenceForm, mediaType: "multipart/form-data" },
    responses: { 200: { description: "The stored evidence and where the person goes next", body: { schema: uploaded } } },
    errors: [409, 413],
    errorNotes: captureRefusals,
  },
  issueValidationVideoChallenge: {
    method: "post",
    path: "/api/validation-process/{processHexId}/video-challenge",
    rateLimits: [rateLimits.validationLinkFailures, rateLimits.videoChallenge],
    tenancy: "signerLink",
    summary: "The digits to read aloud in the video step, the head turns to make while recording, and how long the person has",
    description: `${secret} Asking again gives new digits, prompts and a new deadline; the recording names the challenge in its detail. A refused recording (late, unknown or reused digits) counts as a failed attempt. prompts: the movements to show the person during the recording, each from atMs after the recorder starts for durationMs (turn_left / turn_right are the person's own left and right); the recording must last until the last prompt ends plus one second. The liveness check judges the video against them: a picture, screen or mask is refused (LIVENESS_ATTACK), a recording that does not follow them is asked again (LIVENESS_REPEAT); both count as an attempt.`,
    pathParams: processPath,
    responses: {
      200: {
        description: "The challenge",
        body: {
          schema: z.object({
            result: z.literal(1),
            challengeId: z.string(),
            digits: z.string(),
            prompts: z.array(
              z.object({ action: z.enum(["turn_left", "turn_right"]), atMs: z.number().int(), durationMs: z.number().int() }),
            ),
            expiresAt: z.string(),
            seconds: z.number(),
            attempts: z.number(),
            maxAttempts: z.number(),
          }),
        },
      },
    },
    errors: [409, 503],
  },
  restartOwnValidationProcess: {
    method: "post",
    path: "/api/validation-process/{processHexId}/restart",
    rateLimits: [rateLimits.validationLinkFailures],
    tenancy: "signerLink",
    summary: "Start again from the first step after running out of attempts (finishedAttempts)",
    description: `${secret} Only out of attempts (409 RESTART_NOT_NEEDED otherwise). Evidence already captured stays in the trail and counts toward no step; the data is captured again.`,
    pathParams: processPath,
    responses: { 200: { description: "The first step's page", body: { schema: next } } },
    errors: [409],
  },
  declineValidationProcess: {
    method: "post",
    path: "/api/validation-process/{processHexId}/reject",
    rateLimits: [rateLimits.validationLinkFailures],
    tenancy: "signerLink",
    summary: "The person declines to be validated, with a reason; irreversible",
    description: `${secret} The process is REJECTED: every later call answers 409 LINK_ENDED with state REJECTED.`,
    pathParams: processPath,
    body: { schema: rejectionInput },
    responses: { 200: { description: "Rejected", body: { schema: z.object({ result: z.literal(1), status: z.literal("REJECTED") }) } } },
    errors: [409],
  },
  uploadValidationSelfie: {
    method: "post",
    path: "/api/validation/uploadNewSelfie",
    idempotent: true,
    idempotencyScope: "link",
    rateLimits: [rateLimits.validationLinkFailures, rateLimits.evidenceUploadIp],
    tenancy: "signerLink",
    summary: "Spec §7 uploadNewSelfie for a validation process",
    description: `${secret} multipart/form-data: \`processHexId\`, \`file\`, \`selfieValidOnGov\`. The selfie step's upload; result "1" is success.`,
    body: {
      schema: newSelfieForm,
      mediaType: "multipart/form-data",
    },
    responses: {
      200: {
        description: "Stored",
        body: { schema: uploaded.extend({ result: z.literal("1") }) },
      },
    },
    errors: [409, 413],
    errorNotes: captureRefusals,
  },
  verifyValidationProcess: {
    method: "get",
    path: "/api/validation/verify/{id}",
    rateLimits: [rateLimits.validationLinkFailures],
    tenancy: "signerLink",
    summary: "Spec §7 verify: the validation process's status, for pages to check before each step",
    description: `${secret} \`linkState\` is null while the person may go on, otherwise the state that ended the process (LAPSED once its expirationDate passed).`,
    pathParams: hexIdPath("id", "The validation process's processHexId"),
    responses: {
      200: { description: "The status", body: { schema: z.object({ status: z.string(), linkState: z.string().nullable() }) } },
    },
  },
});
