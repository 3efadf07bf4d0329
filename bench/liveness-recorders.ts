// Does the liveness judge hold on recordings as phones and browsers deliver them, not only as our renders are made?
// The evaluation set's videos (tests/media/eval-set.ts) are WebM, VP8 + Opus, 640×480, 15 fps, sound and picture in
// step, the recording started exactly when the prompts' clock did: what Chromium's MediaRecorder gives from its fake
// camera. Acceptance is measured on other recordings, so each video is also delivered as others would be, with ffmpeg:
//   mp4-h264-30fps       H.264 + AAC in MP4, 960×720 at 30 fps (Safari on iOS and macOS, Chrome on Android record MP4)
//   portrait-720x960     a phone held upright, 720×960 at 30 fps: the frame whole across it, the room above and below
//   mp4-rotated          that portrait stored as an iPhone stores it: frames on their side and a 90° display rotation
//   dropped-frames       a busy phone's recorder: a quarter of the frames dropped at random (variable frame rate)
//   audio-late-200ms     the sound 200 ms behind the picture; audio-early-150ms: 150 ms ahead of it
//   dim-noisy            a dim room: darker, less contrast, the sensor's noise in every frame
//   started-late-300ms   the recorder started 300 ms after the prompts' clock (the prompts come 300 ms early in it)
//   started-early-400ms  the recorder started 400 ms before it (the first frame held, the sound delayed)
// and each is judged by scripts/identity-check.ts --batch (the worker's code path and configuration) with the prompts
// and digits it answered. Printed per variant and kind: live / attack / repeat / review, with the bona fide accepted
// and the pictures accepted. Kinds: the rendered heads answering the prompts ("live", on --faces faces), the same heads
// ignoring them, a picture turned exactly on cue and a shaken picture (on --attack-faces faces).
//
//   npx tsx bench/liveness-recorders.ts [--faces 40] [--attack-faces 12] [--variants a,b] [--dir DIR]
//
// Measured 2026-11-27 13:06-13:37 UTC (ninth session, --faces 40 --attack-faces 10): bona fide accepted 35-36 of 40 in
// every variant (the same 4 render limits asked to repeat, as made; face-api-sample5-2 sent to review, WEAK_PARALLAX,
// in 4 variants), pictures accepted 0 of 20 in each, people ignoring the prompts called an attack 0 of 10 in each
// (tests/media/README.md, "Recordings as phones deliver them"). The first run, before the judge's looks could call for
// each other, called one bona fide reader with dropped frames a mask.
// The renders are made once into DIR (default .tmp/test-media/liveness-recorders; tens of minutes the first time), the
// variants beside them. What it does not cover: a real camera's optics, a real person's timing (see tests/media/README.md).
import "dotenv/config";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { testMediaDir } from "../tests/support/test-media";
import { buildEvalSet, type EvalKind } from "../tests/media/eval-set";
import { isMain } from "../tests/media/media-kit";
import { type BatchCase, type Judged, judgeBatch, judged } from "./judge-batch";
import { deliveredAs, recorderVariants } from "../tests/media/recorder-variants";

/** scripts/identity-check.ts --batch on the cases (the worker's code path); one result per case, in order. */
const judge = (cases: BatchCase[], dir: string): Judged[] => judgeBatch(cases, dir).map(judged);

async function main() {
  const { values } = parseArgs({
    options: {
      dir: { type: "string", default: path.join(testMediaDir, "liveness-recorders") },
      faces: { type: "string", default: "40" },
      "attack-faces": { type: "string", default: "12" },
      variants: { type: "string" },
    },
  });
  const dir = values.dir;
  mkdirSync(path.join(dir, "variants"), { recursive: true });
  const names = values.variants ? values.variants.split(",") : Object.keys(recorderVariants);
  for (const name of names) if (!(name in recorderVariants)) throw new Error(`no variant ${name}`);
  const live = await buildEvalSet({ dir, faces: Number(values.faces), kinds: ["live"] });
  const others = await buildEvalSet({ dir, faces: Number(values["attack-faces"]), kinds: ["ignored", "prompted-turn", "shaken"] });
  const cases = [...live, ...others];
  console.log(`${cases.length} videos (${live.length} live), ${names.length} ways of delivering them`);

  const rows: { variant: string; kind: EvalKind; judged: Judged; face: string }[] = [];
  for (const name of names) {
    const started = performance.now();
    const videos = cases.map((c) => ({ ...c, video: deliveredAs(c.video, name, dir) }));
    const judged = judge(videos, dir);
    judged.forEach((j, i) => rows.push({ variant: name, kind: cases[i]!.kind, judged: j, face: path.basename(cases[i]!.face) }));
    console.error(`${name}: ${cases.length} videos judged in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  const kinds = [...new Set(cases.map((c) => c.kind))];
  console.log(`\n${"variant".padEnd(22)} ${"kind".padEnd(14)} videos  live attack repeat review  other`);
  for (const name of names) {
    for (const kind of kinds) {
      const of = rows.filter((r) => r.variant === name && r.kind === kind);
      const count = (d: string) => of.filter((r) => r.judged.decision === d).length;
      const other = of.length - ["live", "attack", "repeat", "review"].reduce((s, d) => s + count(d), 0);
      console.log(
        `${name.padEnd(22)} ${kind.padEnd(14)} ${String(of.length).padStart(6)} ${[
          count("live"),
          count("attack"),
          count("repeat"),
          count("review"),
          other,
        ]
          .map((n) => String(n).padStart(6))
          .join("")}`,
      );
    }
  }
  console.log(
    "\nPer variant: bona fide accepted (goal ≥ 98%), pictures accepted (goal 0), people ignoring the prompts called an attack (goal 0):",
  );
  for (const name of names) {
    const of = (kind: string) => rows.filter((r) => r.variant === name && r.kind === kind);
    const liveRows = of("live");
    const accepted = liveRows.filter((r) => r.judged.decision === "live").length;
    const pictures = [...of("prompted-turn"), ...of("shaken")];
    const ignoredAttack = of("ignored").filter((r) => r.judged.decision === "attack").length;
    const refusedLive = liveRows
      .filter((r) => r.judged.decision !== "live")
      .map((r) => `${r.face} ${r.judged.decision} ${r.judged.reasons.join("+")}`);
    console.log(
      `${name.padEnd(22)} bona fide ${accepted}/${liveRows.length} (${((100 * accepted) / Math.max(1, liveRows.length)).toFixed(1)}%), pictures accepted ` +
        `${pictures.filter((r) => r.judged.decision === "live").length}/${pictures.length}, ignoring called an attack ${ignoredAttack}/${of("ignored").length}`,
    );
    if (refusedLive.length > 0) console.log(`${"".padEnd(22)} not accepted: ${refusedLive.join("; ")}`);
  }
}

if (isMain(import.meta.url))
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
