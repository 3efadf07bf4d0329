// The video liveness rule from before the active challenge ("natural movement"), for the benches only: it judged
// the server's recordings from 829be7f to 0b872af (lib/signing/liveness-check.ts, moved unchanged to
// lib/evidence/liveness-check.ts in d50e843); d80c29f replaced it with the prompted turn. Copied from
// 0b872af:lib/evidence/liveness-check.ts (`livenessVerdict` and the `examine` steps that led to it), with the
// constants and the configuration defaults of that commit, so that bench/liveness-calibration.ts can print what
// it decided beside today's judge. Nothing in lib/ or app/ imports this file.
//
// What it did:
//   - the compared photo (here the selfie) analysed with face_min_score; not exactly one face on it: FAILED,
//     TARGET_FACE_NOT_IDENTIFIED;
//   - 6 frames of the recording (stored WebMs remuxed at upload first, as lib/evidence/upload-evidence.ts did),
//     taken at the middle of 6 equal slices, each analysed with face_min_score;
//   - per frame with exactly one face: its distance to the photo's face (a match below face_match_threshold);
//   - movement over consecutive frames with one face: the largest shift of the box's centre (face widths) and
//     the largest mean displacement of the 68 landmarks placed relative to the box ("shape change"); moving
//     when box shift >= 0.01 AND shape change >= 0.015;
//   - FAILED: no face on any frame (FACE_NOT_IDENTIFIED), faces but never one alone (MORE_THAN_ONE_FACE), no
//     frame matched (FACE_MISMATCH);
//   - otherwise the review reasons LOW_MOVEMENT (not moving), FEW_MATCHED_FRAMES (fewer than 4 of 6 matched),
//     FRAMES_WITHOUT_FACE, FRAMES_WITH_SEVERAL_FACES; VERIFIED when none but FRAMES_WITHOUT_FACE, else IN_REVIEW.
// Today's library functions do the same steps: extractFrames (one decoding pass since 0cb6c10, "the same figures
// to the last bit"), detectFaces (with its descriptor, the default) and faceDistance, remuxWebm.
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { remuxWebm } from "@/lib/evidence/remux-video";
import { extractFrames } from "@/lib/evidence/video-frames";
import { detectFaces, type DetectedFace, type FaceBox, faceDistance } from "@/lib/face/face-engine";

/** Frames analysed per recording, spread evenly. */
export const previousLivenessFrames = 6;
/** Frames whose single face must match the compared photo for a pass: two thirds (4 of 6). */
export const previousMinMatchedFrames = Math.ceil((previousLivenessFrames * 2) / 3);
/** Natural movement thresholds (0b872af). */
export const previousMinBoxShift = 0.01;
export const previousMinShapeChange = 0.015;
/** face_match_threshold and face_min_score as lib/config/values.ts set them at 0b872af (no organisation's own values). */
export const previousConfig = { threshold: 0.5, minScore: 0.5 } as const;

export type PreviousLivenessFailure =
  "FACE_NOT_IDENTIFIED" | "MORE_THAN_ONE_FACE" | "TARGET_FACE_NOT_IDENTIFIED" | "FACE_MISMATCH" | "FACE_CHECK_ERROR";
export type PreviousLivenessReviewReason = "LOW_MOVEMENT" | "FEW_MATCHED_FRAMES" | "FRAMES_WITHOUT_FACE" | "FRAMES_WITH_SEVERAL_FACES";

type FrameResult = { faces: number; score: number | null; distance: number | null; box: FaceBox | null };
export type PreviousLivenessVerdict = {
  check: "VERIFIED" | "FAILED" | "IN_REVIEW";
  reason: PreviousLivenessFailure | null;
  reasons: PreviousLivenessReviewReason[];
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

/** 0b872af's livenessVerdict: the verdict on a recording's frames (the faces found on each) against the photo's face. */
export function previousLivenessVerdict(
  frames: readonly { faces: DetectedFace[] }[],
  target: DetectedFace,
  threshold: number,
): PreviousLivenessVerdict {
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
  const moving = boxShift !== null && shape !== null && boxShift >= previousMinBoxShift && shape >= previousMinShapeChange;
  const movement = {
    boxShift: boxShift === null ? null : r4(boxShift),
    shapeChange: shape === null ? null : r4(shape),
    minBoxShift: previousMinBoxShift,
    minShapeChange: previousMinShapeChange,
    moving,
  };
  const base = { frames: results, matchedFrames, movement };

  const fail = (reason: PreviousLivenessFailure): PreviousLivenessVerdict => ({ check: "FAILED", reason, reasons: [], ...base });
  if (withFace === 0) return fail("FACE_NOT_IDENTIFIED");
  if (present.length === 0) return fail("MORE_THAN_ONE_FACE");
  if (matchedFrames === 0) return fail("FACE_MISMATCH");

  const reasons: PreviousLivenessReviewReason[] = [];
  if (!moving) reasons.push("LOW_MOVEMENT");
  if (matchedFrames < previousMinMatchedFrames) reasons.push("FEW_MATCHED_FRAMES");
  if (withFace < results.length) reasons.push("FRAMES_WITHOUT_FACE");
  if (several > 0) reasons.push("FRAMES_WITH_SEVERAL_FACES");
  // Frames without a face (looking away a moment) alone do not stop a pass: enough matched frames do.
  const blocking = reasons.filter((r) => r !== "FRAMES_WITHOUT_FACE");
  return blocking.length === 0
    ? { check: "VERIFIED", reason: null, reasons, ...base }
    : { check: "IN_REVIEW", reason: null, reasons, ...base };
}

/** What the previous rule made of one recording: its verdict, or null with TARGET_FACE_NOT_IDENTIFIED; and the time taken. */
export type PreviousRuleResult = {
  check: PreviousLivenessVerdict["check"];
  reason: PreviousLivenessFailure | null;
  verdict: PreviousLivenessVerdict | null;
  ms: number;
};

/**
 * The previous rule on files: the recording (WebM, or MP4 by its extension) against the face of the compared
 * photo (the selfie), as 0b872af's examine did it with the default configuration. An engine or ffmpeg error
 * throws (the job retried, then settled FACE_CHECK_ERROR): the caller counts it apart.
 */
export async function judgeWithPreviousRule(
  videoFile: string,
  photoFile: string,
  config: { threshold: number; minScore: number } = previousConfig,
): Promise<PreviousRuleResult> {
  const started = performance.now();
  const { threshold, minScore } = config;
  const target = await detectFaces(new Uint8Array(await readFile(photoFile)), { minScore });
  const [targetFace] = target.faces;
  if (target.faces.length !== 1 || !targetFace) {
    return { check: "FAILED", reason: "TARGET_FACE_NOT_IDENTIFIED", verdict: null, ms: performance.now() - started };
  }
  const mimeType = extname(videoFile).toLowerCase() === ".mp4" ? "video/mp4" : "video/webm";
  const original = new Uint8Array(await readFile(videoFile));
  // Stored WebMs were remuxed at upload so that they have a duration (0b872af:lib/evidence/upload-evidence.ts).
  const video = mimeType === "video/webm" ? (await remuxWebm(original)).bytes : original;
  const images = await extractFrames(video, mimeType, previousLivenessFrames);
  if (images.length === 0) throw new Error("No frame could be read from the recording");
  const frames = [];
  for (const image of images) frames.push({ faces: (await detectFaces(image, { minScore })).faces });
  const verdict = previousLivenessVerdict(frames, targetFace, threshold);
  return { check: verdict.check, reason: verdict.reason, verdict, ms: performance.now() - started };
}
