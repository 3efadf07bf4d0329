import { appendAuditEvent } from "@/lib/audit/audit-event";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { faceModels } from "@/lib/face/face-engine";
import { observeIdentityCheck } from "@/lib/health/metrics";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { inCurrentRound } from "./captured-evidence";
import { type FaceComparison, faceComparisonOf } from "./face-comparison";
import { type CheckedProcess, type EvidenceProcesses, type IdentityFlowStep, lockProcess, processOfEvidence } from "./identity-process";

// What the face check (selfie) and the liveness check (video) share: which evidence they take, how
// an engine that keeps failing gives up, and how a result settles the evidence and moves the process.

export type CheckDetail = Record<string, unknown>;

export type CheckOutcome = {
  check: "VERIFIED" | "FAILED" | "IN_REVIEW";
  reason: string | null;
  detail: CheckDetail;
  countsAsAttempt: boolean;
};

/** face_match_threshold and face_min_score as numbers in (0, 1]; anything else falls back to the defaults. */
export function fraction(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 && parsed <= 1 ? parsed : fallback;
}

async function loadEvidence(evidenceId: number) {
  return db.evidence.findUnique({ where: { id: evidenceId } });
}

export type EvidenceForCheck = NonNullable<Awaited<ReturnType<typeof loadEvidence>>>;

export type PendingCheck = CheckedProcess & {
  evidence: EvidenceForCheck;
  step: IdentityFlowStep;
  comparison: FaceComparison;
};

/**
 * The evidence a check job is for, while it still waits for that check (PENDING, its step compares
 * faces), with the identity process it belongs to (a signer, a validation process); null otherwise.
 */
export async function pendingCheck(
  evidenceId: number,
  kind: "SELFIE" | "VIDEO",
  processes: EvidenceProcesses,
): Promise<PendingCheck | null> {
  const evidence = await loadEvidence(evidenceId);
  if (!evidence || evidence.check !== "PENDING" || evidence.kind !== kind || evidence.stepPosition === null) return null;
  const owner = await processOfEvidence(evidence, processes);
  if (!owner) return null;
  const flowSteps = owner.process.flowSteps;
  const step = flowSteps.find((s) => s.position === evidence.stepPosition);
  const comparison = step ? faceComparisonOf(step, flowSteps) : null;
  return step && comparison ? { ...owner, evidence, step, comparison } : null;
}

/**
 * Runs the examination; an engine that keeps failing is retried by the queue, and on the last try the
 * evidence settles FAILED (FACE_CHECK_ERROR) without counting against the signer, so nobody waits forever.
 */
export async function examineOrGiveUp<O extends CheckOutcome>(
  kind: "face" | "liveness",
  examine: () => Promise<O>,
  attempt: JobAttempt,
  givenUp: (outcome: CheckOutcome) => O,
): Promise<O> {
  // Timed for /api/metrics by its verdict, or "error" when the engine failed.
  const startedAt = performance.now();
  try {
    const outcome = await examine();
    observeIdentityCheck(kind, outcome.check, startedAt);
    return outcome;
  } catch (error) {
    observeIdentityCheck(kind, "error", startedAt);
    if (attempt.attemptsMade + 1 < attempt.attempts) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return givenUp({
      check: "FAILED",
      reason: "FACE_CHECK_ERROR",
      detail: { models: faceModels, result: "FAILED", reason: "FACE_CHECK_ERROR", error: message.slice(0, 500) },
      countsAsAttempt: false,
    });
  }
}

type Settle = {
  check: PendingCheck;
  outcome: CheckOutcome;
  /** Where the result goes in the evidence's checkDetail (faceCheck, livenessCheck). */
  detailKey: string;
  stepType: "SELFIE" | "VIDEO";
  audit: { type: string; payload: Record<string, string | number | boolean | null | string[]> };
};

/**
 * Settles a PENDING evidence with its result, once (another run that settled it first wins), in the
 * audit trail. The process moves only while the person is still on that step, in this round, with the
 * process live: VERIFIED advances the step as an upload does, IN_REVIEW stops the process until staff
 * decide, FAILED counts an attempt when it is the person's doing. What moving means is the process's
 * own flow (for a signer, lib/signing/signer-identity.ts).
 */
export async function settleEvidenceCheck({ check, outcome, detailKey, stepType, audit }: Settle) {
  const { evidence, process, flow, step } = check;
  const previous =
    evidence.checkDetail && typeof evidence.checkDetail === "object" && !Array.isArray(evidence.checkDetail)
      ? (evidence.checkDetail as CheckDetail)
      : {};
  const checkedAt = new Date().toISOString();
  const settled = await db.$transaction(async (tx) => {
    await lockProcess(tx, process);
    const updated = await tx.evidence.updateMany({
      where: { id: evidence.id, check: "PENDING" },
      data: { check: outcome.check, checkDetail: { ...previous, [detailKey]: { ...outcome.detail, checkedAt } } as Prisma.InputJsonValue },
    });
    if (updated.count === 0) return null;
    await appendAuditEvent(tx, process.audit, audit.type, {
      ...process.actor,
      evidence: evidence.hexId,
      check: outcome.check,
      reason: outcome.reason,
      ...audit.payload,
    });
    const fresh = await flow.state(tx);
    const index = flow.steps.findIndex((s) => s.position === step.position);
    const live =
      (fresh.status === "IN_PROGRESS" || fresh.status === "PENDING") &&
      fresh.currentStep === index &&
      (await inCurrentRound(tx, process, evidence.id));
    const none = { advanced: false, finished: false, exhausted: false, inReview: false };
    if (!live) return none;
    if (outcome.check === "VERIFIED") {
      const { finished } = await flow.advance(tx, fresh.currentStep);
      return { ...none, advanced: true, finished };
    }
    if (outcome.check === "IN_REVIEW") {
      const reasons = audit.payload.reasons;
      await flow.putInReview(tx, evidence.hexId, Array.isArray(reasons) ? reasons : []);
      return { ...none, inReview: true };
    }
    const counted = outcome.countsAsAttempt
      ? await flow.countFailedAttempt(
          tx,
          stepType,
          outcome.reason ?? (stepType === "SELFIE" ? "FACE_CHECK_FAILED" : "LIVENESS_CHECK_FAILED"),
        )
      : null;
    return { ...none, exhausted: counted?.exhausted ?? false };
  });
  if (!settled) return { settled: false as const };
  if (settled.finished) await flow.afterFinished();
  return { settled: true as const, check: outcome.check, reason: outcome.reason, ...settled };
}
