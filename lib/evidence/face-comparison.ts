import type { StepType } from "@/lib/db/generated/enums";
import type { EvidenceCheck } from "@/lib/db/generated/enums";
import type { Tx } from "@/lib/db/client";
import { latestCheckInStep } from "./captured-evidence";
import type { EvidenceRound } from "./identity-process";
import { type LivenessAdvice, livenessAdvice } from "./liveness-prompts";

// Which captures get a face check, against what, and how the signer learns the result. The check
// itself runs in a job (lib/evidence/check-jobs.ts), so that an upload never waits for it.

type FlowStepLike = { position: number; type: StepType; compareWithPosition: number | null; compareTarget: string | null };

/** What a selfie is compared with: the ID's front from an ID_PHOTO step, or an earlier step's selfie. A null position means the flow names no usable step: the check fails (closed), it is not skipped. */
export type FaceComparison = { targetPosition: number | null; targetKind: "ID_FRONT" | "SELFIE" };

const kindOfSource = { ID_PHOTO: "ID_FRONT", SELFIE: "SELFIE" } as const;

/**
 * The face comparison a step asks for (spec §3 "comparison of face against a previous step"): only a
 * SELFIE step with compareWithPosition (an earlier ID_PHOTO or SELFIE step) or compareTarget
 * ID_FRONT / SELFIE (the nearest earlier step of that kind). REGISTRY is the government registry's
 * check, not a face comparison here. Any other step: null, and its captures go on as before.
 */
export function faceComparisonOf(step: FlowStepLike, flowSteps: readonly FlowStepLike[]): FaceComparison | null {
  // A VIDEO step compares too: its liveness check (lib/evidence/liveness-check.ts) matches the face in its frames.
  if (step.type !== "SELFIE" && step.type !== "VIDEO") return null;
  const earlier = flowSteps.filter((s) => s.position < step.position).sort((a, b) => b.position - a.position);
  if (step.compareWithPosition != null) {
    const source = earlier.find((s) => s.position === step.compareWithPosition);
    if (source && (source.type === "ID_PHOTO" || source.type === "SELFIE"))
      return { targetPosition: source.position, targetKind: kindOfSource[source.type] };
    return { targetPosition: null, targetKind: "ID_FRONT" };
  }
  if (step.compareTarget === "ID_FRONT" || step.compareTarget === "SELFIE") {
    const sourceType = step.compareTarget === "ID_FRONT" ? "ID_PHOTO" : "SELFIE";
    const source = earlier.find((s) => s.type === sourceType);
    return { targetPosition: source?.position ?? null, targetKind: step.compareTarget };
  }
  return null;
}

/**
 * The ID document photo a video's live face is compared with as well: when the video step compares with a selfie
 * step that itself compares with an ID photo, the holder's face is checked against the live video directly (the
 * selfie is a still, which a picture held to the camera can give). Null when the video already compares with the ID
 * photo, or when no ID photo is behind the selfie.
 */
export function idPhotoBehind(comparison: FaceComparison, flowSteps: readonly FlowStepLike[]): FaceComparison | null {
  if (comparison.targetKind !== "SELFIE" || comparison.targetPosition === null) return null;
  const selfieStep = flowSteps.find((s) => s.position === comparison.targetPosition);
  const behind = selfieStep ? faceComparisonOf(selfieStep, flowSteps) : null;
  return behind?.targetKind === "ID_FRONT" && behind.targetPosition !== null ? behind : null;
}

/** Why a face check failed; the selfie page says it in the signer's language (capture.* messages). */
export const faceCheckReasons = [
  "FACE_NOT_IDENTIFIED",
  "MORE_THAN_ONE_FACE",
  "TARGET_FACE_NOT_IDENTIFIED",
  "FACE_MISMATCH",
  "FACE_CHECK_ERROR",
] as const;
export type FaceCheckReason = (typeof faceCheckReasons)[number];

export const evidenceQueue = "evidence";

export const faceCheckJobName = "evidence.face-check";

export const livenessCheckJobName = "evidence.liveness-check";

/** The evidence kind a comparing step's check is run on. */
export const checkedKindOf = (type: StepType): "SELFIE" | "VIDEO" => (type === "VIDEO" ? "VIDEO" : "SELFIE");

/**
 * The check of a capture, and what its face is compared with (the wait page says so: lib/evidence/check-progress.ts);
 * `advice`, for a recording asked to repeat, what the person can change (livenessAdvice).
 */
export type LastCheck = {
  kind: string;
  check: EvidenceCheck;
  reason: string | null;
  comparedWith: FaceComparison["targetKind"];
  advice: LivenessAdvice | null;
};

/**
 * What a recording asked to repeat (decision repeat) should do differently: its first reason with advice. Never for an
 * attack: which measurement named a picture is not told to whoever held it.
 */
export function livenessAdviceOf(checkDetail: unknown): LivenessAdvice | null {
  const liveness = (checkDetail as { livenessCheck?: { decision?: unknown; reasons?: unknown } } | null)?.livenessCheck;
  if (!liveness || liveness.decision !== "repeat" || !Array.isArray(liveness.reasons)) return null;
  return livenessAdvice.find((advice) => (liveness.reasons as unknown[]).includes(advice)) ?? null;
}

/** The reason a settled face check kept in the evidence's checkDetail (faceCheck.reason). */
export function faceCheckReasonOf(checkDetail: unknown): string | null {
  if (!checkDetail || typeof checkDetail !== "object") return null;
  const detail = checkDetail as { faceCheck?: unknown; livenessCheck?: unknown };
  const faceCheck = detail.faceCheck ?? detail.livenessCheck;
  if (!faceCheck || typeof faceCheck !== "object") return null;
  const reason = (faceCheck as { reason?: unknown }).reason;
  return typeof reason === "string" ? reason : null;
}

/**
 * The current step's latest checked capture in this round: PENDING while its check runs, then
 * VERIFIED or FAILED with the reason. Null on steps without a check (their captures are not checked
 * here, so their PENDING would mean nothing) and before the first capture.
 */
export async function lastCheckOf(
  client: Pick<Tx, "$queryRaw">,
  round: EvidenceRound,
  step: FlowStepLike | undefined,
  flowSteps: readonly FlowStepLike[],
): Promise<LastCheck | null> {
  const comparison = step ? faceComparisonOf(step, flowSteps) : null;
  if (!step || !comparison) return null;
  return toLastCheck(await latestCheckInStep(client, round, step.position, checkedKindOf(step.type)), comparison);
}

/** A step's latest capture of a checked kind in this round, as a signer read brings them along (lib/signing/signer-access.ts). */
export type CheckedCapture = { stepPosition: number; kind: string; check: EvidenceCheck; checkDetail: unknown };

/** lastCheckOf, from the latest checked capture of each step already read (one per step position and kind). */
export function lastCheckAmong(
  captures: readonly CheckedCapture[],
  step: FlowStepLike | undefined,
  flowSteps: readonly FlowStepLike[],
): LastCheck | null {
  const comparison = step ? faceComparisonOf(step, flowSteps) : null;
  if (!step || !comparison) return null;
  const kind = checkedKindOf(step.type);
  return toLastCheck(captures.find((c) => c.stepPosition === step.position && c.kind === kind) ?? null, comparison);
}

function toLastCheck(latest: Omit<CheckedCapture, "stepPosition"> | null, comparison: FaceComparison): LastCheck | null {
  return latest
    ? {
        kind: latest.kind,
        check: latest.check,
        reason: latest.check === "FAILED" ? faceCheckReasonOf(latest.checkDetail) : null,
        comparedWith: comparison.targetKind,
        advice: latest.check === "FAILED" ? livenessAdviceOf(latest.checkDetail) : null,
      }
    : null;
}
