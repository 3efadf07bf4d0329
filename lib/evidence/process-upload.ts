import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { refusalOf } from "./document-check";
import type { ProcessStatus } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { checkJobFor } from "./check-jobs";
import { faceComparisonOf } from "./face-comparison";
import type { EvidenceOwner, IdentityFlowStep, IdentityProcess, ProcessFlow } from "./identity-process";
import { captureStep, type EvidenceUpload, type StoredCapture, storeCapture } from "./upload-evidence";
import { type ChallengeHolder, challengeFacts, claimVideoChallenge, consumeVideoChallenge } from "./video-challenge";

// What POST …/{processHexId}/evidence does for any identity process (a signer's: lib/signing/signer-upload.ts, a
// validation's: lib/validation-process/validation-upload.ts) once its link is checked: the capture must be the current
// step's, the person located when the flow makes it obligatory, a video must name its digits in time; then the
// pipeline stores it (lib/evidence/upload-evidence.ts). Where the person goes next is each process's own answer.

/** The process an upload is for, as it stands when the upload arrived. */
export type UploadingProcess = {
  process: IdentityProcess;
  flow: ProcessFlow;
  status: ProcessStatus;
  currentStep: number;
  /** The video challenges of the process, and how a refused recording counts as an attempt. */
  challengeHolder: ChallengeHolder;
  /** Refuses (LOCATION_REQUIRED) while the flow makes the location obligatory and none was reported. */
  assertLocated(): Promise<void>;
};

/**
 * The evidence an earlier upload with this uploadId stored, or null. An upload id is the capturing page's own: one
 * that another process stored is refused, never answered.
 */
export async function evidenceOfUpload(uploadId: string, owner: EvidenceOwner) {
  const already = await db.evidence.findUnique({ where: { clientUploadId: uploadId } });
  if (!already) return null;
  const mine = "signerId" in owner ? already.signerId === owner.signerId : already.validationProcessId === owner.validationProcessId;
  if (!mine) throw new AppError("VALIDATION_FAILED");
  // A capture refused at upload (lib/evidence/document-check.ts) is refused again, not answered as stored.
  const refusal = refusalOf(already.checkDetail);
  if (refusal) throw new AppError(refusal);
  return already;
}

export type UploadedEvidence = NonNullable<Awaited<ReturnType<typeof evidenceOfUpload>>>;

/**
 * Whether a retried upload's evidence still waits for its face or liveness check. It is enqueued again (the same job
 * id: it runs once) in case the first answer was lost before its job was.
 */
export async function stillChecking(evidence: UploadedEvidence, flowSteps: readonly IdentityFlowStep[]): Promise<boolean> {
  const step = flowSteps.find((s) => s.position === evidence.stepPosition);
  if ((evidence.kind !== "SELFIE" && evidence.kind !== "VIDEO") || evidence.check !== "PENDING" || !step) return false;
  if (!faceComparisonOf(step, flowSteps)) return false;
  await enqueueJobs([checkJobFor(evidence.kind, evidence.id)]);
  return true;
}

/**
 * Takes a capture for the process's current step and stores it. The same upload stored meanwhile (same uploadId)
 * answers `duplicate`: the caller answers what the first one did.
 */
export async function acceptCapture(
  target: UploadingProcess,
  upload: EvidenceUpload,
  meta: RequestMeta,
  receivedAt: Date,
): Promise<StoredCapture | { duplicate: true; error?: unknown }> {
  if (target.status === "ATTEMPTS_EXHAUSTED") throw new AppError("ATTEMPTS_EXHAUSTED", { page: "finishedAttempts" });
  const step = captureStep(target.flow, target.currentStep, upload);
  await target.assertLocated();
  // The video must name the digits it reads (lib/evidence/video-challenge.ts), in time and only once.
  const challenge = upload.kind === "VIDEO" ? await claimVideoChallenge(target.challengeHolder, step.position, upload, receivedAt) : null;
  const stored = await storeCapture(
    {
      process: target.process,
      flow: target.flow,
      currentStep: target.currentStep,
      step,
      ...(challenge ? { facts: challengeFacts(challenge, receivedAt) } : {}),
    },
    upload,
    meta,
  );
  if (!("duplicate" in stored) && challenge) await consumeVideoChallenge(challenge);
  return stored;
}
