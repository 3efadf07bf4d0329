import { z } from "zod";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import { getConfigValues } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { lockDocumentById } from "@/lib/documents/lock-document";
import { detectFaces, type FaceAnalysis, faceDistance, faceModels } from "@/lib/face/face-engine";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { storage } from "@/lib/storage";
import { advanceSignerStep } from "./advance-step";
import { countFailedAttempt } from "./attempts";
import { inCurrentRound, latestInStep } from "./captured-evidence";
import { afterSignerCompleted } from "./complete-signer";
import { type FaceCheckReason, type FaceComparison, faceComparisonOf } from "./face-comparison";
import { signerSteps } from "./steps";

export const faceCheckPayload = z.object({ evidenceId: z.number().int().positive() }).strict();

type Detail = Record<string, unknown>;
type Outcome = { check: "VERIFIED" | "FAILED"; reason: FaceCheckReason | null; detail: Detail; countsAsAttempt: boolean };

/** face_match_threshold and face_min_score as numbers in (0, 1]; anything else falls back to the defaults. */
function fraction(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 && parsed <= 1 ? parsed : fallback;
}

const r3 = (value: number) => Math.round(value * 1000) / 1000;

function summary(analysis: FaceAnalysis) {
  return {
    faces: analysis.faces.length,
    scores: analysis.faces.map((face) => r3(face.score)),
    boxes: analysis.faces.map((face) => face.box),
    ignored: analysis.ignored.map((face) => ({ score: r3(face.score), box: face.box })),
    size: [analysis.width, analysis.height],
    ms: Math.round(analysis.ms),
  };
}

type EvidenceForCheck = NonNullable<Awaited<ReturnType<typeof loadEvidence>>>;

async function loadEvidence(evidenceId: number) {
  return db.evidence.findUnique({
    where: { id: evidenceId },
    include: {
      signer: {
        select: { id: true, hexId: true, documentId: true, startedAt: true, document: { select: { organizationId: true, flow: { select: { steps: true } } } } },
      },
    },
  });
}

/** Detects the faces on the selfie and on what it is compared with, and decides. */
async function examine(evidence: EvidenceForCheck, signer: NonNullable<EvidenceForCheck["signer"]>, comparison: FaceComparison): Promise<Outcome> {
  const config = await getConfigValues(signer.document.organizationId, ["face_match_threshold", "face_min_score"]);
  const threshold = fraction(config.face_match_threshold, 0.5);
  const minScore = fraction(config.face_min_score, 0.5);
  const detail: Detail = { models: faceModels, threshold, minScore, target: { kind: comparison.targetKind, position: comparison.targetPosition, evidence: null } };
  const fail = (reason: FaceCheckReason): Outcome => ({ check: "FAILED", reason, detail: { ...detail, result: "FAILED", reason }, countsAsAttempt: true });

  const selfie = await detectFaces(await storage().get(evidence.storageKey), { minScore });
  detail.selfie = summary(selfie);
  if (selfie.faces.length === 0) return fail("FACE_NOT_IDENTIFIED");
  if (selfie.faces.length > 1) return fail("MORE_THAN_ONE_FACE");

  // The capture it is compared with: the latest of this round that did not fail its own check, taken before this selfie.
  const target =
    comparison.targetPosition === null ? null : await latestInStep(db, signer, comparison.targetPosition, comparison.targetKind, { usable: true, before: evidence.id });
  if (!target) return fail("TARGET_FACE_NOT_IDENTIFIED");
  const targetAnalysis = await detectFaces(await storage().get(target.storageKey), { minScore });
  detail.target = { kind: comparison.targetKind, position: comparison.targetPosition, evidence: target.hexId, sha256: target.sha256, ...summary(targetAnalysis) };
  const [selfieFace] = selfie.faces;
  const [targetFace] = targetAnalysis.faces;
  if (targetAnalysis.faces.length !== 1 || !selfieFace || !targetFace) return fail("TARGET_FACE_NOT_IDENTIFIED");

  const distance = r3(faceDistance(selfieFace.descriptor, targetFace.descriptor));
  detail.distance = distance;
  if (distance >= threshold) return fail("FACE_MISMATCH");
  return { check: "VERIFIED", reason: null, detail: { ...detail, result: "VERIFIED" }, countsAsAttempt: false };
}

/**
 * Job evidence.face-check: a selfie whose flow step compares faces (lib/signing/face-comparison.ts)
 * was stored with its check PENDING and the step not yet done. Its faces are found and compared;
 * VERIFIED moves the process on to the next step exactly as an upload does, FAILED (no face, more
 * than one, none on the photo it is compared with, or another person's) counts an attempt at the
 * step and the signer takes the selfie again, or goes to finishedAttempts at the limit. Idempotent:
 * a check already settled is left as it is. When the engine itself keeps failing, the last try
 * settles the selfie as FAILED (FACE_CHECK_ERROR) without counting it against the signer, so that
 * nobody waits forever.
 */
export async function runFaceCheck({ evidenceId }: z.infer<typeof faceCheckPayload>, attempt: JobAttempt) {
  const evidence = await loadEvidence(evidenceId);
  const signer = evidence?.signer;
  if (!evidence || !signer || evidence.check !== "PENDING" || evidence.kind !== "SELFIE" || evidence.stepPosition === null) return { settled: false };
  const flowSteps = signer.document.flow?.steps ?? [];
  const step = flowSteps.find((s) => s.position === evidence.stepPosition);
  const comparison = step ? faceComparisonOf(step, flowSteps) : null;
  if (!step || !comparison) return { settled: false };

  let outcome: Outcome;
  try {
    outcome = await examine(evidence, signer, comparison);
  } catch (error) {
    if (attempt.attemptsMade + 1 < attempt.attempts) throw error;
    const message = error instanceof Error ? error.message : String(error);
    outcome = { check: "FAILED", reason: "FACE_CHECK_ERROR", detail: { models: faceModels, result: "FAILED", reason: "FACE_CHECK_ERROR", error: message.slice(0, 500) }, countsAsAttempt: false };
  }
  const checkedAt = new Date().toISOString();
  const previous = evidence.checkDetail && typeof evidence.checkDetail === "object" && !Array.isArray(evidence.checkDetail) ? (evidence.checkDetail as Detail) : {};

  const settled = await db.$transaction(async (tx) => {
    await lockDocumentById(tx, signer.documentId);
    const updated = await tx.evidence.updateMany({
      where: { id: evidence.id, check: "PENDING" },
      data: { check: outcome.check, checkDetail: { ...previous, faceCheck: { ...outcome.detail, checkedAt } } as Prisma.InputJsonValue },
    });
    // Another run settled it first.
    if (updated.count === 0) return null;
    await appendAuditEvent(tx, { documentId: signer.documentId }, "evidence.face-checked", {
      signer: signer.hexId,
      evidence: evidence.hexId,
      check: outcome.check,
      reason: outcome.reason,
      distance: typeof outcome.detail.distance === "number" ? outcome.detail.distance : null,
      threshold: typeof outcome.detail.threshold === "number" ? outcome.detail.threshold : null,
    });
    // The process moves only while the signer is still on this step, in this round, with the link live.
    const fresh = await tx.signer.findUniqueOrThrow({ where: { id: signer.id }, select: { status: true, currentStep: true } });
    const steps = signerSteps(flowSteps);
    const index = steps.findIndex((s) => s.position === step.position);
    const live = (fresh.status === "IN_PROGRESS" || fresh.status === "PENDING") && fresh.currentStep === index && (await inCurrentRound(tx, signer, evidence.id));
    if (!live) return { advanced: false, finished: false, exhausted: false };
    if (outcome.check === "VERIFIED") {
      const { finished } = await advanceSignerStep(tx, signer, fresh.currentStep, steps.length);
      return { advanced: true, finished, exhausted: false };
    }
    const counted = outcome.countsAsAttempt ? await countFailedAttempt(tx, signer.id, "SELFIE", outcome.reason ?? "FACE_CHECK_FAILED") : null;
    return { advanced: false, finished: false, exhausted: counted?.exhausted ?? false };
  });
  if (!settled) return { settled: false };
  if (settled.finished) await afterSignerCompleted(signer.id, signer.documentId);
  return { settled: true, check: outcome.check, reason: outcome.reason, ...settled };
}
