import type { z } from "zod";
import { getConfigValues } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { detectFaces, type FaceAnalysis, faceDistance, faceModels } from "@/lib/face/face-engine";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { storage } from "@/lib/storage";
import { latestInStep } from "./captured-evidence";
import type { evidenceCheckPayload } from "./check-jobs";
import { type FaceCheckReason, type FaceComparison } from "./face-comparison";
import { keepFaceAnalysis, keptFaceAnalysisOf, photoFaceAnalysis } from "./kept-face-analysis";
import {
  type CheckDetail,
  type CheckOutcome,
  type EvidenceForCheck,
  examineOrGiveUp,
  fraction,
  pendingCheck,
  settleEvidenceCheck,
} from "./evidence-check-job";
import type { EvidenceProcesses, IdentityProcess } from "./identity-process";

type Detail = CheckDetail;
type Outcome = CheckOutcome & { check: "VERIFIED" | "FAILED"; reason: FaceCheckReason | null };

const r3 = (value: number) => Math.round(value * 1000) / 1000;

function summary(analysis: FaceAnalysis & { kept?: boolean }) {
  return {
    ...(analysis.kept ? { kept: true } : {}),
    faces: analysis.faces.length,
    scores: analysis.faces.map((face) => r3(face.score)),
    boxes: analysis.faces.map((face) => face.box),
    ignored: analysis.ignored.map((face) => ({ score: r3(face.score), box: face.box })),
    size: [analysis.width, analysis.height],
    ms: Math.round(analysis.ms),
  };
}

/** What the faces found on a photo say on their own: none, more than one, or null (exactly one). The ID front's check and scripts/identity-check.ts use it too. */
export function faceCountReason(analysis: Pick<FaceAnalysis, "faces">): "FACE_NOT_IDENTIFIED" | "MORE_THAN_ONE_FACE" | null {
  if (analysis.faces.length === 0) return "FACE_NOT_IDENTIFIED";
  if (analysis.faces.length > 1) return "MORE_THAN_ONE_FACE";
  return null;
}

/** One person when the descriptors' distance (rounded as it is kept) is below the threshold. */
export const facesMatch = (distance: number, threshold: number) => distance < threshold;

export const roundDistance = r3;

/** Detects the faces on the selfie and on what it is compared with, and decides. */
async function examine(evidence: EvidenceForCheck, process: IdentityProcess, comparison: FaceComparison): Promise<Outcome> {
  const config = await getConfigValues(process.organizationId, ["face_match_threshold", "face_min_score"]);
  const threshold = fraction(config.face_match_threshold, 0.5);
  const minScore = fraction(config.face_min_score, 0.5);
  const detail: Detail = {
    models: faceModels,
    threshold,
    minScore,
    target: { kind: comparison.targetKind, position: comparison.targetPosition, evidence: null },
  };
  const fail = (reason: FaceCheckReason): Outcome => ({
    check: "FAILED",
    reason,
    detail: { ...detail, result: "FAILED", reason },
    countsAsAttempt: true,
  });

  // The selfie and the capture it is compared with are analysed side by side (on the face engine's threads in the
  // worker, lib/face/face-engine.ts); the capture's analysis is only looked at when the selfie shows one face. An ID
  // front's faces were found at its upload and kept (lib/evidence/kept-face-analysis.ts), as a checked selfie's are.
  const analysing = storage()
    .get(evidence.storageKey)
    .then((bytes) => detectFaces(bytes, { minScore }));
  analysing.catch(() => undefined);
  // The capture it is compared with: the latest of this round that did not fail its own check, taken before this selfie.
  const target =
    comparison.targetPosition === null
      ? null
      : await latestInStep(db, process, comparison.targetPosition, comparison.targetKind, { usable: true, before: evidence.id });
  const analysingTarget = target ? photoFaceAnalysis(target, minScore) : null;
  analysingTarget?.catch(() => undefined);

  const selfie = await analysing;
  detail.selfie = summary(selfie);
  const selfieReason = faceCountReason(selfie);
  if (selfieReason) return fail(selfieReason);
  if (!target || !analysingTarget) return fail("TARGET_FACE_NOT_IDENTIFIED");
  const targetAnalysis = await analysingTarget;
  detail.target = {
    kind: comparison.targetKind,
    position: comparison.targetPosition,
    evidence: target.hexId,
    sha256: target.sha256,
    ...summary(targetAnalysis),
  };
  const [selfieFace] = selfie.faces;
  const [targetFace] = targetAnalysis.faces;
  if (targetAnalysis.faces.length !== 1 || !selfieFace || !targetFace) return fail("TARGET_FACE_NOT_IDENTIFIED");

  const distance = r3(faceDistance(selfieFace.descriptor, targetFace.descriptor));
  detail.distance = distance;
  if (!facesMatch(distance, threshold)) return fail("FACE_MISMATCH");
  // A video step may compare with this selfie later: its analysis is kept for that check.
  const faceAnalysis = await keepFaceAnalysis(selfie, minScore);
  return { check: "VERIFIED", reason: null, detail: { ...detail, result: "VERIFIED", faceAnalysis }, countsAsAttempt: false };
}

/**
 * Job evidence.face-check: a selfie whose flow step compares faces (lib/evidence/face-comparison.ts)
 * was stored with its check PENDING and the step not yet done. Its faces are found and compared;
 * VERIFIED moves the process on to the next step exactly as an upload does, FAILED (no face, more
 * than one, none on the photo it is compared with, or another person's) counts an attempt at the
 * step and the signer takes the selfie again, or goes to finishedAttempts at the limit. Idempotent:
 * a check already settled is left as it is. When the engine itself keeps failing, the last try
 * settles the selfie as FAILED (FACE_CHECK_ERROR) without counting it against the signer, so that
 * nobody waits forever.
 */
export async function runFaceCheck(
  { evidenceId }: z.infer<typeof evidenceCheckPayload>,
  attempt: JobAttempt,
  processes: EvidenceProcesses,
) {
  const check = await pendingCheck(evidenceId, "SELFIE", processes);
  if (!check) return { settled: false };
  const outcome = await examineOrGiveUp(
    "face",
    () => examine(check.evidence, check.process, check.comparison),
    attempt,
    (givenUp): Outcome => ({ ...givenUp, check: "FAILED", reason: "FACE_CHECK_ERROR" }),
  );
  // Not settled by this run (another run of this job settled it meanwhile, or the settling failed and the job is tried
  // again): the analysis this run kept is nobody's.
  const kept = keptFaceAnalysisOf({ faceCheck: outcome.detail });
  const forget = async () => {
    if (kept) await storage().delete(kept.key);
  };
  const settled = await settleEvidenceCheck({
    check,
    outcome,
    detailKey: "faceCheck",
    stepType: "SELFIE",
    audit: {
      type: "evidence.face-checked",
      payload: {
        distance: typeof outcome.detail.distance === "number" ? outcome.detail.distance : null,
        threshold: typeof outcome.detail.threshold === "number" ? outcome.detail.threshold : null,
      },
    },
  }).catch(async (error: unknown) => {
    // Unless the check was settled before the error (what came after it failed): then the evidence points at it.
    const now = await db.evidence.findUnique({ where: { id: check.evidence.id }, select: { checkDetail: true } }).catch(() => null);
    if (now && keptFaceAnalysisOf(now.checkDetail)?.key !== kept?.key) await forget();
    throw error;
  });
  if (!settled.settled) await forget();
  return settled;
}
