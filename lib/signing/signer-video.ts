import type { RequestMeta } from "@/lib/auth/sessions";
import { AppError } from "@/lib/errors/app-error";
import { type ChallengeHolder, issueVideoChallengeFor } from "@/lib/evidence/video-challenge";
import { recordFailedAttempt } from "./attempts";
import { liveSignerAccess, type SignerAccess } from "./signer-access";
import { signerStepPages } from "./steps";

/** A signer as the holder of video challenges: a refused recording counts as a failed attempt at their video step. */
export function signerChallengeHolder(signerId: number): ChallengeHolder {
  return { key: `signer:${signerId}`, recordFailedAttempt: (reason) => recordFailedAttempt(signerId, "VIDEO", reason) };
}

/** The live process, not out of attempts, whose current step is the video. */
function videoStep(access: SignerAccess) {
  const { signer } = access;
  if (signer.status === "ATTEMPTS_EXHAUSTED") throw new AppError("ATTEMPTS_EXHAUSTED", { page: "finishedAttempts" });
  const step = access.steps[signer.currentStep];
  if (!step || step.type !== "VIDEO") throw new AppError("STEP_OUT_OF_ORDER", { page: step ? signerStepPages[step.type] : "full-process" });
  return step;
}

/**
 * POST /api/signprocess/{processHexId}/video-challenge: new digits for the signer's video step and
 * how long they have to read them (lib/evidence/video-challenge.ts). Asking again gives new digits
 * and a new deadline.
 */
export async function issueVideoChallenge(processHexId: string, urlSign: string | null, meta: RequestMeta) {
  const access = await liveSignerAccess(processHexId, urlSign, meta.ip);
  const step = videoStep(access);
  const { signer } = access;
  return issueVideoChallengeFor(signerChallengeHolder(signer.id), step, signer.document.organizationId, signer.attempts);
}
