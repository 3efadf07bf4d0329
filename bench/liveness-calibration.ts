// Calibration of the video liveness check on the liveness evaluation set (tests/media/eval-set.ts: real faces
// from npm packages, each as a rendered head answering the prompts, the same head ignoring them, and each picture
// attack), judged by exactly the worker's code path: scripts/identity-check.ts --batch, one case per video (the
// video, the source photo as the selfie, the digits read, the prompts answered). It prints, per kind, how the
// videos were judged, the attack refusal per kind, the bona fide acceptance, the share of prompt-ignoring people
// asked to repeat (never called an attack), and the seconds per video.
//
// Beside the judge it prints what the face engine sees in each kind, so thresholds can be chosen with a margin:
// in each prompt window, the largest turn of the nose in the prompted direction (face widths, from face-api's 68
// points, relative to a frontal frame at 1.5 s) and the largest homography residual (the 68 points of the frontal
// frame mapped onto the window's by the best single homography, RMS error in face widths): a flat picture fits
// one homography whatever its motion, a turning head does not.
//
// After the judge, the same videos judged by the rule from before the active challenge (bench/previous-liveness-rule.ts:
// a moving face box plus a change of landmark shape, 0b872af), side by side with the judge, per kind and in the
// headline figures; --no-previous leaves it out, --no-judge both; --no-geometry leaves out what face-api sees (a few
// minutes per kind on a large set).
//
//   npx tsx bench/liveness-calibration.ts [--dir DIR] [--faces 12] [--from 0] [--per-kind 1] [--kinds live,mask] [--no-judge] [--no-previous] [--no-geometry]
// (--from N: the faces after the first N, a part of the set the thresholds were not chosen on; --kinds: only those
// kinds, comma-separated, of tests/media/eval-set.ts's evalKinds.)
import "dotenv/config";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { detectFaces } from "@/lib/face/face-engine";
import { noseOffset } from "../tests/media/check-media";
import { buildEvalSet, defaultEvalDir, type EvalCase, evalKinds } from "../tests/media/eval-set";
import { judgeBatch, judged } from "./judge-batch";
import { judgeWithPreviousRule, type PreviousRuleResult } from "./previous-liveness-rule";

type Point = { x: number; y: number };

/** Least-squares homography (h33 = 1) from a to b on Hartley-normalised points; RMS transfer error in `unit`s. */
export function homographyResidual(a: Point[], b: Point[], unit: number): number {
  const normalise = (points: Point[]) => {
    const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
    const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
    const scale = Math.SQRT2 / (points.reduce((s, p) => s + Math.hypot(p.x - cx, p.y - cy), 0) / points.length);
    return { points: points.map((p) => ({ x: (p.x - cx) * scale, y: (p.y - cy) * scale })), scale };
  };
  const na = normalise(a);
  const nb = normalise(b);
  const ata = Array.from({ length: 8 }, () => new Array<number>(9).fill(0));
  na.points.forEach((p, i) => {
    const q = nb.points[i]!;
    for (const [row, rhs] of [
      [[p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y], q.x],
      [[0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y], q.y],
    ] as [number[], number][]) {
      for (let r = 0; r < 8; r++) {
        for (let c = 0; c < 8; c++) ata[r]![c]! += row[r]! * row[c]!;
        ata[r]![8]! += row[r]! * rhs;
      }
    }
  });
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(ata[r]![col]!) > Math.abs(ata[pivot]![col]!)) pivot = r;
    [ata[col], ata[pivot]] = [ata[pivot]!, ata[col]!];
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const f = ata[r]![col]! / ata[col]![col]!;
      for (let c = col; c < 9; c++) ata[r]![c]! -= f * ata[col]![c]!;
    }
  }
  const h = ata.map((row, i) => row[8]! / row[i]!);
  let sum = 0;
  na.points.forEach((p, i) => {
    const w = h[6]! * p.x + h[7]! * p.y + 1;
    const x = (h[0]! * p.x + h[1]! * p.y + h[2]!) / w;
    const y = (h[3]! * p.x + h[4]! * p.y + h[5]!) / w;
    sum += (x - nb.points[i]!.x) ** 2 + (y - nb.points[i]!.y) ** 2;
  });
  return Math.sqrt(sum / a.length) / nb.scale / unit;
}

/** Frames of `video` at the given times (ms), as PNG bytes, one ffmpeg run. */
function framesAt(video: string, times: number[], fps = 15): Uint8Array[] {
  const dir = mkdtempSync(path.join(tmpdir(), "rubrica-calib-"));
  try {
    const select = times.map((ms) => `eq(n\\,${Math.round((ms / 1000) * fps)})`).join("+");
    execFileSync("ffmpeg", ["-loglevel", "error", "-i", video, "-vf", `select='${select}'`, "-vsync", "0", path.join(dir, "%03d.png")]);
    return readdirSync(dir)
      .sort()
      .map((name) => new Uint8Array(readFileSync(path.join(dir, name))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The largest prompted turn and homography residual over the prompt windows of one video (null: no face). */
async function geometry(item: EvalCase): Promise<{ turn: number; residual: number } | null> {
  const windows = item.prompts.map((p) => [0.15, 0.4, 0.65, 0.9].map((f) => p.atMs + 300 + f * (p.durationMs + 400)));
  const frames = framesAt(item.video, [1500, ...windows.flat()]);
  const faces = await Promise.all(frames.map(async (frame) => (await detectFaces(frame)).faces[0] ?? null));
  const base = faces[0];
  if (!base) return null;
  const width = Math.hypot(base.landmarks[16]!.x - base.landmarks[0]!.x, base.landmarks[16]!.y - base.landmarks[0]!.y);
  let turn = -Infinity;
  let residual = 0;
  item.prompts.forEach((prompt, p) => {
    for (let k = 0; k < 4; k++) {
      const face = faces[1 + p * 4 + k];
      if (!face) continue;
      const sign = prompt.action === "turn_left" ? 1 : -1;
      turn = Math.max(turn, sign * (noseOffset(face.landmarks) - noseOffset(base.landmarks)));
      residual = Math.max(residual, homographyResidual(base.landmarks, face.landmarks, width));
    }
  });
  return { turn, residual };
}

/** Runs the operator command (the worker's code path) on the cases; one result per case, in order. */
const judge = (cases: EvalCase[], dir: string) => judgeBatch(cases, dir).map(judged);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
};
const pct = (n: number, of: number) => (of === 0 ? "-" : `${((100 * n) / of).toFixed(1)}% (${n}/${of})`);

async function main() {
  const { values } = parseArgs({
    options: {
      dir: { type: "string", default: defaultEvalDir },
      faces: { type: "string", default: "12" },
      from: { type: "string", default: "0" },
      "per-kind": { type: "string", default: "1" },
      "no-judge": { type: "boolean", default: false },
      "no-previous": { type: "boolean", default: false },
      "no-geometry": { type: "boolean", default: false },
      kinds: { type: "string", default: evalKinds.join(",") },
    },
  });
  const kinds = values.kinds.split(",").map((k) => k.trim());
  const unknown = kinds.filter((k) => !(evalKinds as readonly string[]).includes(k));
  if (unknown.length > 0) throw new Error(`Unknown kinds: ${unknown.join(", ")} (known: ${evalKinds.join(", ")})`);
  const chosen = evalKinds.filter((k) => kinds.includes(k));
  const cases = await buildEvalSet({
    dir: values.dir,
    faces: Number(values.faces),
    from: Number(values.from),
    perKind: Number(values["per-kind"]),
    kinds: chosen,
  });
  const made = cases.filter((c) => readdirSync(path.dirname(c.video)).includes(path.basename(c.video)));
  console.log(`Evaluation set: ${made.length} videos of ${new Set(made.map((c) => c.face)).size} faces in ${values.dir}`);

  if (!values["no-geometry"])
    console.log("\nWhat face-api sees in the prompt windows (median over the kind's videos; max over each video's windows):");
  if (!values["no-geometry"]) console.log("kind            videos  prompted turn (face widths)  homography residual (face widths)");
  for (const kind of values["no-geometry"] ? [] : chosen) {
    const measured = (await Promise.all(made.filter((c) => c.kind === kind).map(geometry))).filter((g) => g !== null);
    console.log(
      `${kind.padEnd(15)} ${String(measured.length).padStart(6)}  ${median(measured.map((g) => g.turn))
        .toFixed(3)
        .padStart(27)}  ${median(measured.map((g) => g.residual))
        .toFixed(4)
        .padStart(33)}`,
    );
  }

  if (values["no-judge"]) return;
  const results = judge(made, values.dir);
  console.log("\nThe judge (scripts/identity-check.ts --batch, the worker's code path and configuration):");
  console.log("kind            videos  live  attack  repeat  review  other  s/video");
  for (const kind of chosen) {
    const of = results.filter((_, i) => made[i]!.kind === kind);
    const count = (decision: string) => of.filter((r) => r.decision === decision).length;
    const other = of.length - ["live", "attack", "repeat", "review"].reduce((s, d) => s + count(d), 0);
    console.log(
      `${kind.padEnd(15)} ${String(of.length).padStart(6)}  ${String(count("live")).padStart(4)}  ${String(count("attack")).padStart(6)}  ${String(count("repeat")).padStart(6)}  ${String(count("review")).padStart(6)}  ${String(other).padStart(5)}  ${(of.reduce((s, r) => s + r.ms, 0) / Math.max(of.length, 1) / 1000).toFixed(2).padStart(7)}`,
    );
  }
  const attacks = results.filter((_, i) => !["live", "ignored"].includes(made[i]!.kind));
  const live = results.filter((_, i) => made[i]!.kind === "live");
  const ignored = results.filter((_, i) => made[i]!.kind === "ignored");
  console.log(`\nattacks named (attack): ${pct(attacks.filter((r) => r.decision === "attack").length, attacks.length)}`);
  console.log(
    `attacks refused (attack or repeat: failed, an attempt counted): ${pct(attacks.filter((r) => ["attack", "repeat"].includes(r.decision)).length, attacks.length)} (goal ≥ 95%)`,
  );
  console.log(`attacks accepted (live): ${pct(attacks.filter((r) => r.decision === "live").length, attacks.length)}`);
  console.log(`bona fide accepted (live): ${pct(live.filter((r) => r.decision === "live").length, live.length)} (goal ≥ 98%)`);
  console.log(`prompts ignored, asked to repeat: ${pct(ignored.filter((r) => r.decision === "repeat").length, ignored.length)}`);
  console.log(
    `prompts ignored, called an attack: ${pct(ignored.filter((r) => r.decision === "attack").length, ignored.length)} (must be 0)`,
  );

  if (!values["no-previous"]) printPrevious(made, results, await judgePrevious(made));
}

type PreviousOutcome = PreviousRuleResult | { check: "error"; error: string; ms: number };

/** The previous rule on each case, in order, one at a time (the judge's own threads are done by now). */
async function judgePrevious(cases: EvalCase[]): Promise<PreviousOutcome[]> {
  const outcomes: PreviousOutcome[] = [];
  for (const item of cases) {
    const started = performance.now();
    outcomes.push(
      await judgeWithPreviousRule(item.video, item.selfie).catch((error: unknown) => ({
        check: "error" as const,
        error: error instanceof Error ? error.message : String(error),
        ms: performance.now() - started,
      })),
    );
  }
  return outcomes;
}

/** The previous rule's decisions beside the judge's, per kind and in the headline figures; results and outcomes follow `cases`. */
function printPrevious(cases: EvalCase[], results: { decision: string }[], outcomes: PreviousOutcome[]) {
  const movement = (o: PreviousOutcome) => (o.check !== "error" ? (o.verdict?.movement ?? null) : null);
  console.log(
    "\nThe rule before the active challenge (bench/previous-liveness-rule.ts, 0b872af: 6 frames, box shift >= 0.01 and shape change >= 0.015),",
  );
  console.log(
    "beside the judge, on the same videos (medians of each video's largest box shift, in face widths, and shape change, in box sizes):",
  );
  console.log("                        the judge                    | the previous rule");
  console.log("kind            videos  live  attack  repeat  review | accepted  review  refused  error  box shift  shape change  s/video");
  for (const kind of evalKinds) {
    const indexes = cases.flatMap((c, i) => (c.kind === kind ? [i] : []));
    if (indexes.length === 0) continue;
    const judged = (decision: string) => indexes.filter((i) => results[i]!.decision === decision).length;
    const previous = (check: PreviousOutcome["check"]) => indexes.filter((i) => outcomes[i]!.check === check).length;
    const moves = indexes.map((i) => movement(outcomes[i]!)).filter((m) => m !== null);
    const med = (values: (number | null)[]) => {
      const known = values.filter((v): v is number => v !== null);
      return known.length === 0 ? "-" : median(known).toFixed(4);
    };
    const seconds = indexes.reduce((s, i) => s + outcomes[i]!.ms, 0) / Math.max(indexes.length, 1) / 1000;
    console.log(
      `${kind.padEnd(15)} ${String(indexes.length).padStart(6)}  ${String(judged("live")).padStart(4)}  ${String(judged("attack")).padStart(6)}  ${String(judged("repeat")).padStart(6)}  ${String(judged("review")).padStart(6)} | ${String(previous("VERIFIED")).padStart(8)}  ${String(previous("IN_REVIEW")).padStart(6)}  ${String(previous("FAILED")).padStart(7)}  ${String(previous("error")).padStart(5)}  ${med(moves.map((m) => m.boxShift)).padStart(9)}  ${med(moves.map((m) => m.shapeChange)).padStart(12)}  ${seconds.toFixed(2).padStart(7)}`,
    );
  }
  const reasons = new Map<string, number>();
  for (const o of outcomes) {
    const key =
      o.check === "error"
        ? `error: ${o.error}`
        : o.check === "FAILED"
          ? `FAILED ${o.reason}`
          : `${o.check} ${o.verdict!.reasons.join("+") || "-"}`;
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  console.log(`previous rule, decisions and reasons: ${[...reasons].map(([key, n]) => `${key} ×${n}`).join(", ")}`);

  const pictures = cases.flatMap((c, i) => (!["live", "ignored"].includes(c.kind) ? [i] : []));
  const live = cases.flatMap((c, i) => (c.kind === "live" ? [i] : []));
  const judgeCount = (indexes: number[], decision: string) => indexes.filter((i) => results[i]!.decision === decision).length;
  const previousCount = (indexes: number[], check: string) => indexes.filter((i) => outcomes[i]!.check === check).length;
  console.log("\nheadline                                 the judge              the previous rule");
  const line = (label: string, indexes: number[], decision: string, check: string) =>
    console.log(
      `${label.padEnd(40)} ${pct(judgeCount(indexes, decision), indexes.length).padEnd(22)} ${pct(previousCount(indexes, check), indexes.length)}`,
    );
  line("pictures accepted (live / VERIFIED)", pictures, "live", "VERIFIED");
  line("pictures refused (attack / FAILED)", pictures, "attack", "FAILED");
  line("bona fide accepted (live / VERIFIED)", live, "live", "VERIFIED");
  // The previous rule asked for no turn: a head that does not turn (ignored) was a person doing what was asked.
  const ignored = cases.flatMap((c, i) => (c.kind === "ignored" ? [i] : []));
  line("heads not turning accepted (ignored)", ignored, "live", "VERIFIED");
}

await main();
