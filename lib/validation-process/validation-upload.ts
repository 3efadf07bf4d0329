import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { acceptCapture, evidenceOfUpload, stillChecking } from "@/lib/evidence/process-upload";
import type { EvidenceUpload } from "@/lib/evidence/upload-evidence";
import { issueVideoChallengeFor } from "@/lib/evidence/video-challenge";
import { liveValidationAccess, type ValidationAccess } from "./validation-access";
import {
  assertValidationLocated,
  validationChallengeHolder,
  validationFlow,
  validationIdentity,
  validationOutOfOrder,
} from "./validation-identity";
import { validationPage } from "./validation-pages";

/** While a face or liveness check decides the step, the person waits on this page, which follows the process once it is settled. */
export const checkingPage = "reloadpage";

/**
 * POST /api/validation-process/{processHexId}/evidence (and /api/validation/uploadNewSelfie): a capture of the
 * validation's current step through the evidence pipeline (lib/evidence/process-upload.ts), exactly as a signer's.
 * The answer names the page the person goes to next: the next step's, reloadpage while a check decides the step,
 * full-process at the end. Retrying an upload (same uploadId) answers what the first one did and stores nothing twice.
 */
export async function uploadValidationEvidence(processHexId: string, urlSign: string | null, upload: EvidenceUpload, meta: RequestMeta) {
  const receivedAt = new Date();
  const access = await liveValidationAccess(processHexId, urlSign, meta.ip);
  const { process } = access;
  const already = await alreadyStored(upload.uploadId, access);
  if (already) return already;
  const stored = await acceptCapture(
    {
      process: validationIdentity(process),
      flow: validationFlow(process),
      status: process.status,
      currentStep: process.currentStep,
      challengeHolder: validationChallengeHolder(process),
      assertLocated: () => assertValidationLocated(access),
    },
    upload,
    meta,
    receivedAt,
  );
  if ("duplicate" in stored) {
    const first = await alreadyStored(upload.uploadId, access);
    if (first) return first;
    throw stored.error ?? new AppError("VALIDATION_FAILED");
  }
  const next = stored.checking
    ? checkingPage
    : validationPage(
        { status: stored.finished ? "COMPLETED" : "IN_PROGRESS", currentStep: stored.nextStep, dataCapturedAt: process.dataCapturedAt },
        access.steps,
      );
  return { result: 1, evidenceHexId: stored.evidenceHexId, sha256: stored.sha256, finished: stored.finished, next };
}

/** A retried upload answers what the first one did, from where the process is now. */
async function alreadyStored(uploadId: string, access: ValidationAccess) {
  const already = await evidenceOfUpload(uploadId, { validationProcessId: access.process.id });
  if (!already) return null;
  const now = await db.validationProcess.findUniqueOrThrow({
    where: { id: access.process.id },
    select: { status: true, currentStep: true, dataCapturedAt: true },
  });
  const next = (await stillChecking(already, access.process.flow.steps)) ? checkingPage : validationPage(now, access.steps);
  return { result: 1, evidenceHexId: already.hexId, sha256: already.sha256, finished: false, next };
}

/**
 * POST /api/validation-process/{processHexId}/video-challenge: new digits for the validation's video step and how long
 * the person has to read them, as the signer's (lib/evidence/video-challenge.ts).
 */
export async function issueValidationVideoChallenge(processHexId: string, urlSign: string | null, meta: RequestMeta) {
  const access = await liveValidationAccess(processHexId, urlSign, meta.ip);
  const { process } = access;
  if (process.status === "ATTEMPTS_EXHAUSTED") throw new AppError("ATTEMPTS_EXHAUSTED", { page: "finishedAttempts" });
  const step = access.steps[process.currentStep];
  if (!step || step.type !== "VIDEO") throw validationOutOfOrder(access.steps, process.currentStep, process.dataCapturedAt);
  return issueVideoChallengeFor(validationChallengeHolder(process), step, process.organizationId, process.attempts);
}
