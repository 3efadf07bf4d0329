// Speed of the video liveness judge (issue 14 item 5: ≤ 3 s for a 10 s clip), on the given recordings:
//   npx tsx bench/liveness-speed.ts --selfie PHOTO --prompts JSON VIDEO… [--runs 3]
// For each recording, judgeRecording (the worker's code) runs `runs` times after one warm-up; it prints
// the wall time and the CPU time spent (this process plus the ffmpeg it waited for, from /proc), because
// on a machine shared with other work the wall time measures the machine's load as much as the code:
// the CPU time is what one idle core would take (the WebAssembly backend runs on one thread).
import "dotenv/config";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { configDefaults } from "@/lib/config/values";
import { judgeRecording, livenessThresholds } from "@/lib/evidence/liveness-check";
import { remuxWebm } from "@/lib/evidence/remux-video";
import { detectFaces, faceEngine } from "@/lib/face/face-engine";

/** CPU milliseconds of this process and of its waited-for children (/proc/self/stat utime, stime, cutime, cstime). */
function cpuMs(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return (ticks * 1000) / 100;
}

const { values, positionals } = parseArgs({
  options: { selfie: { type: "string" }, prompts: { type: "string" }, runs: { type: "string" } },
  allowPositionals: true,
});
const runs = Number(values.runs ?? 3);
const settings = {
  threshold: Number(configDefaults.face_match_threshold),
  minScore: Number(configDefaults.face_min_score),
  thresholds: livenessThresholds(configDefaults),
};
await faceEngine();
const target = (await detectFaces(new Uint8Array(readFileSync(values.selfie!)))).faces[0]!;
const prompts = values.prompts ? (JSON.parse(values.prompts) as []) : [];
for (const file of positionals) {
  const video = (await remuxWebm(new Uint8Array(readFileSync(file)))).bytes;
  await judgeRecording(video, "video/webm", prompts, target, settings);
  const walls: number[] = [];
  const cpus: number[] = [];
  let decision: string | null = null;
  let frames = 0;
  for (let i = 0; i < runs; i++) {
    const cpu = cpuMs();
    const started = performance.now();
    const verdict = await judgeRecording(video, "video/webm", prompts, target, settings);
    walls.push(performance.now() - started);
    cpus.push(cpuMs() - cpu);
    decision = verdict.decision;
    frames = verdict.frames.length;
  }
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  console.log(`${file}: ${decision}, ${frames} frames; wall ${mean(walls)} ms, cpu ${mean(cpus)} ms per clip (mean of ${runs})`);
}
process.exit(0);
