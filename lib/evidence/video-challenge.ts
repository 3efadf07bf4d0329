import { randomInt, randomUUID } from "node:crypto";
import { getConfigNumber } from "@/lib/config/values";
import { AppError } from "@/lib/errors/app-error";
import { redis } from "@/lib/queue/redis";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { randomDigits } from "@/lib/security/random";
import { livenessActions, type LivenessPrompt, promptsAsShown, promptTiming, type ShownPrompt } from "./liveness-prompts";

export { afterLastPromptMs, livenessActions, type LivenessPrompt, minRecordingMs, promptTiming } from "./liveness-prompts";

/**
 * The video step's challenge (spec §8 "Unable to get validation code", "Time expired"): six random
 * digits the person (a signer, a validation's subject) reads aloud on camera, and two head turns
 * asked for at random moments of the recording (prompts, judged by lib/evidence/liveness-check.ts), before a deadline, the flow step's expiryMinutes after
 * they were issued. The challenge lives in Redis; the recording names it (evidence detail
 * {challengeId}) and is accepted only before the deadline, plus a grace for the upload itself.
 * Each challenge is good for one recording: it is claimed by the first upload that uses it and
 * deleted once that upload is stored.
 */

export const videoDigitsLength = 6;
/** When the flow step does not say how long the signer has. */
export const defaultVideoMinutes = 2;
/** The upload of a recording stopped at the deadline still has this long to arrive. */
export const videoUploadGraceSeconds = 15;
/** How long a challenge is kept after its deadline, so that a late recording is told it is late. */
const keepAfterDeadlineSeconds = 15 * 60;

/**
 * The process a challenge is for, as the challenge names it ("signer:12"), and how a refused recording
 * counts as a failed attempt at its video step (the process's own attempt count).
 */
export type ChallengeHolder = { key: string; recordFailedAttempt(reason: string): Promise<{ attempts: number; exhausted: boolean }> };

/** Two prompts at random (crypto) moments, each direction drawn on its own. */
export function livenessPrompts(): LivenessPrompt[] {
  const first = randomInt(promptTiming.firstFromMs, promptTiming.firstToMs + 1);
  const second = first + randomInt(promptTiming.gapFromMs, promptTiming.gapToMs + 1);
  return [first, second].map((atMs) => ({ action: livenessActions[randomInt(2)]!, atMs, durationMs: promptTiming.durationMs }));
}

export type VideoChallenge = {
  challengeId: string;
  /** The holder's key. */
  holder: string;
  stepPosition: number;
  digits: string;
  /** The movements asked for during the recording (absent on challenges issued before there were any). */
  prompts?: LivenessPrompt[];
  /** Epoch milliseconds. */
  issuedAt: number;
  deadline: number;
};

const challengeKey = (challengeId: string) => `video-challenge:${challengeId}`;
const claimKey = (challengeId: string) => `video-challenge:${challengeId}:claim`;
const refusedKey = (challengeId: string, holder: string) => `video-challenge:${challengeId}:refused:${holder}`;
const challengeIdPattern = /^[0-9a-f-]{36}$/;

function keepSeconds(challenge: VideoChallenge): number {
  return Math.max(60, Math.ceil((challenge.deadline - Date.now()) / 1000) + videoUploadGraceSeconds + keepAfterDeadlineSeconds);
}

/**
 * New digits for a process's video step (the step at `stepPosition`, which gives the person `minutes`
 * to read them) and how long they have. Asking again gives new digits and a new deadline.
 */
export async function createVideoChallenge(
  holder: Pick<ChallengeHolder, "key">,
  stepPosition: number,
  minutes: number,
): Promise<VideoChallenge> {
  try {
    await enforceRateLimit(rateLimits.videoChallenge, holder.key);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("VIDEO_CODE_UNAVAILABLE");
  }
  const issuedAt = Date.now();
  const challenge: VideoChallenge = {
    challengeId: randomUUID(),
    holder: holder.key,
    stepPosition,
    digits: randomDigits(videoDigitsLength),
    prompts: livenessPrompts(),
    issuedAt,
    deadline: issuedAt + minutes * 60_000,
  };
  try {
    const stored = await redis().set(challengeKey(challenge.challengeId), JSON.stringify(challenge), "EX", keepSeconds(challenge));
    if (stored !== "OK") throw new Error("challenge not stored");
  } catch {
    throw new AppError("VIDEO_CODE_UNAVAILABLE");
  }
  return challenge;
}

/** What the recording's evidence keeps for the people who review it. */
export type VideoChallengeFacts = {
  challengeId: string;
  digits: string;
  /** As asked, each with when the page said it showed it (shownAtMs, kept within maxPromptDelayMs of its due moment). */
  prompts?: ShownPrompt[];
  issuedAt: string;
  deadline: string;
  receivedAt: string;
};

type VideoDetail = { challengeId: string; late: boolean; promptsShownAtMs?: unknown[] };

function readDetail(detail: string | undefined): VideoDetail | null {
  if (!detail) return null;
  try {
    const parsed: unknown = JSON.parse(detail);
    if (!parsed || typeof parsed !== "object") return null;
    const { challengeId, late, promptsShownAtMs } = parsed as Record<string, unknown>;
    if (typeof challengeId !== "string" || !challengeIdPattern.test(challengeId)) return null;
    // When the page showed each prompt (an older page does not say): read as far as there are prompts.
    const shown = Array.isArray(promptsShownAtMs) ? promptsShownAtMs.slice(0, 8) : undefined;
    return { challengeId, late: late === true, ...(shown ? { promptsShownAtMs: shown } : {}) };
  } catch {
    return null;
  }
}

async function loadChallenge(challengeId: string): Promise<VideoChallenge | null> {
  const raw = await redis().get(challengeKey(challengeId));
  return raw ? (JSON.parse(raw) as VideoChallenge) : null;
}

/**
 * A recording the challenge does not allow: the attempt counts (once per challenge, so that a
 * retried upload of the same refused recording is not counted twice), and at the limit the
 * process goes to finishedAttempts. The person is told time ran out: read the digits aloud, avoid
 * noise, and ask for new digits.
 */
async function refuse(holder: ChallengeHolder, challengeId: string, reason: string): Promise<never> {
  const first = await redis().set(refusedKey(challengeId, holder.key), reason, "EX", keepAfterDeadlineSeconds * 2, "NX");
  let outcome: { attempts: number; exhausted: boolean } | null = null;
  if (first === "OK") outcome = await holder.recordFailedAttempt(reason);
  throw new AppError("VIDEO_TIME_EXPIRED", {
    reason,
    ...(outcome ? { attempts: outcome.attempts, exhausted: outcome.exhausted } : {}),
    ...(outcome?.exhausted ? { page: "finishedAttempts" } : {}),
  });
}

/**
 * Before a video is stored: the challenge it names exists, was issued to this process for this
 * step, and is not taken by another upload; the recording arrived in time (the recording page
 * says so itself when its countdown ran out first). The first upload that names the challenge
 * takes it: a retry of that upload (same uploadId) may use it again, any other upload is refused.
 */
export async function claimVideoChallenge(
  holder: ChallengeHolder,
  stepPosition: number,
  upload: { uploadId: string; detail?: string },
  receivedAt: Date,
): Promise<VideoChallenge & { promptsShownAtMs?: unknown[] }> {
  const detail = readDetail(upload.detail);
  if (!detail) return refuse(holder, "none", "challenge-missing");
  const challenge = await loadChallenge(detail.challengeId);
  if (!challenge) return refuse(holder, detail.challengeId, "challenge-unknown");
  if (challenge.holder !== holder.key || challenge.stepPosition !== stepPosition)
    return refuse(holder, detail.challengeId, "challenge-foreign");
  const key = claimKey(challenge.challengeId);
  const taken = await redis().set(key, upload.uploadId, "EX", keepSeconds(challenge), "NX");
  if (taken !== "OK" && (await redis().get(key)) !== upload.uploadId) return refuse(holder, challenge.challengeId, "challenge-reused");
  if (detail.late || receivedAt.getTime() > challenge.deadline + videoUploadGraceSeconds * 1000)
    return refuse(holder, challenge.challengeId, "time-expired");
  return detail.promptsShownAtMs ? { ...challenge, promptsShownAtMs: detail.promptsShownAtMs } : challenge;
}

/** Once the recording is stored its digits cannot be used again. The claim stays to refuse reuse. */
export async function consumeVideoChallenge(challenge: VideoChallenge): Promise<void> {
  await redis().del(challengeKey(challenge.challengeId));
}

export function challengeFacts(challenge: VideoChallenge & { promptsShownAtMs?: unknown[] }, receivedAt: Date): VideoChallengeFacts {
  return {
    challengeId: challenge.challengeId,
    digits: challenge.digits,
    ...(challenge.prompts ? { prompts: promptsAsShown(challenge.prompts, challenge.promptsShownAtMs) } : {}),
    issuedAt: new Date(challenge.issuedAt).toISOString(),
    deadline: new Date(challenge.deadline).toISOString(),
    receivedAt: receivedAt.toISOString(),
  };
}

/**
 * POST …/video-challenge of any identity process (a signer's, a validation's): new digits for its
 * video step (the flow step's expiryMinutes to read them, defaultVideoMinutes when it says none) and
 * the attempts the person has made and may make at that step.
 */
export async function issueVideoChallengeFor(
  holder: Pick<ChallengeHolder, "key">,
  step: { position: number; expiryMinutes?: number | null; maxAttempts?: number | null },
  organizationId: number,
  attempts: number,
) {
  const minutes = step.expiryMinutes && step.expiryMinutes > 0 ? step.expiryMinutes : defaultVideoMinutes;
  const challenge = await createVideoChallenge(holder, step.position, minutes);
  const maxAttempts = step.maxAttempts ?? (await getConfigNumber(organizationId, "max_capture_attempts"));
  return {
    result: 1,
    challengeId: challenge.challengeId,
    digits: challenge.digits,
    prompts: challenge.prompts ?? [],
    expiresAt: new Date(challenge.deadline).toISOString(),
    seconds: minutes * 60,
    attempts,
    maxAttempts,
  };
}
