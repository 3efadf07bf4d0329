import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { refusalOf } from "@/lib/evidence/document-check";
import { checkJobFor, faceComparisonOf } from "@/lib/evidence/face-comparison";
import { captureStep, type EvidenceUpload, storeCapture } from "@/lib/evidence/upload-evidence";
import { challengeFacts, claimVideoChallenge, consumeVideoChallenge } from "@/lib/evidence/video-challenge";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { continuePath } from "./process-data";
import { accessOf, liveSignerAccess, type SignerAccess, signerAccessInclude } from "./signer-access";
import { assertSignerLocated, signerFlow, signerIdentity } from "./signer-identity";
import { signerChallengeHolder } from "./signer-video";
import { waitPagePath } from "./steps";

/**
 * A signer's capture upload (ID front and rear, selfie, video, fingerprint), through the evidence
 * pipeline (lib/evidence/upload-evidence.ts): their link must be live and the capture their current
 * step's. The answer says where the signer goes next: their next page, or /wait while a face or
 * liveness check decides the step. Retrying an upload after a dropped connection (same uploadId)
 * answers what the first one did and stores nothing twice.
 */
export async function uploadEvidence(processHexId: string, urlSign: string | null, upload: EvidenceUpload, meta: RequestMeta) {
  const receivedAt = new Date();
  const access = await liveSignerAccess(processHexId, urlSign, meta.ip);
  const { signer } = access;
  const already = await alreadyStored(upload.uploadId, signer.id, urlSign);
  if (already) return already;
  if (signer.status === "ATTEMPTS_EXHAUSTED") throw new AppError("ATTEMPTS_EXHAUSTED", { page: "finishedAttempts" });
  const flow = signerFlow(signer);
  const step = captureStep(flow, signer.currentStep, upload);
  await assertSignerLocated(access);
  // The video must name the digits it reads (lib/evidence/video-challenge.ts), in time and only once.
  const challenge =
    upload.kind === "VIDEO" ? await claimVideoChallenge(signerChallengeHolder(signer.id), step.position, upload, receivedAt) : null;
  const stored = await storeCapture(
    {
      process: signerIdentity(signer),
      flow,
      currentStep: signer.currentStep,
      step,
      ...(challenge ? { facts: challengeFacts(challenge, receivedAt) } : {}),
    },
    upload,
    meta,
  );
  if ("duplicate" in stored) {
    const first = await alreadyStored(upload.uploadId, signer.id, urlSign);
    if (first) return first;
    throw stored.error ?? new AppError("VALIDATION_FAILED");
  }
  if (challenge) await consumeVideoChallenge(challenge);
  if (stored.checking)
    return {
      ...answer(stored.evidenceHexId, stored.sha256, access, urlSign, false),
      next: urlSign ? waitPagePath(urlSign, signer.hexId) : null,
    };
  const next = accessOf({ ...signer, currentStep: stored.nextStep });
  return answer(stored.evidenceHexId, stored.sha256, next, urlSign, stored.finished);
}

/**
 * A retried upload (same uploadId) answers what the first one did, from where the process is now. A
 * selfie still waiting for its face check is enqueued again (the same job id: it runs once) in case
 * the first answer was lost before its job was.
 */
async function alreadyStored(uploadId: string, signerId: number, urlSign: string | null) {
  const already = await db.evidence.findUnique({ where: { clientUploadId: uploadId } });
  if (!already) return null;
  if (already.signerId !== signerId) throw new AppError("VALIDATION_FAILED");
  // A capture refused at upload (lib/evidence/document-check.ts) is refused again, not answered as stored.
  const refusal = refusalOf(already.checkDetail);
  if (refusal) throw new AppError(refusal);
  const now = accessOf(await db.signer.findUniqueOrThrow({ where: { id: signerId }, include: signerAccessInclude }));
  const flowSteps = now.signer.document.flow?.steps ?? [];
  const step = flowSteps.find((s) => s.position === already.stepPosition);
  if ((already.kind === "SELFIE" || already.kind === "VIDEO") && already.check === "PENDING" && step && faceComparisonOf(step, flowSteps)) {
    await enqueueJobs([checkJobFor(already.kind, already.id)]);
    return {
      ...answer(already.hexId, already.sha256, now, urlSign, false),
      next: urlSign ? waitPagePath(urlSign, now.signer.hexId) : null,
    };
  }
  return answer(already.hexId, already.sha256, now, urlSign, false);
}

function answer(evidenceHexId: string, sha256: string, access: SignerAccess, urlSign: string | null, finished: boolean) {
  return { result: 1, evidence: evidenceHexId, sha256, finished, next: urlSign ? continuePath(access, urlSign) : null };
}
