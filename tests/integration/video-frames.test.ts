import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { framesOfRecording, sampleRecording } from "@/lib/evidence/video-frames";

// The liveness judge reads a recording's frames at the moments it chooses (lib/evidence/video-frames.ts) with the real
// ffmpeg. A phone busy while it records leaves gaps with no frame; each frame must come back named by when it is shown,
// or the judge would look for a turn on a frame seconds away from the prompt it thinks it sees.

const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0 && spawnSync("ffprobe", ["-version"]).status === 0;
const skipped = "SKIPPED: ffmpeg and ffprobe (Debian package ffmpeg) are needed to make and read a WebM";
if (!hasFfmpeg) console.warn(skipped);

let workDir: string;
let gapped: Uint8Array;

/** Each frame's luma is 16 + 50 × its time (s), video range: what a frame shows says when it was recorded. */
async function shownAt(jpeg: Uint8Array) {
  const { channels } = await sharp(jpeg).stats();
  return (channels[0]!.mean * 219) / 255 / 50;
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "rubrica-video-frames-"));
  if (!hasFfmpeg) return;
  const out = join(workDir, "gap.webm");
  // 10 frames a second for 4 s, none between 1.0 s and 2.5 s.
  execFileSync("ffmpeg", [
    "-nostdin",
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "color=c=black:s=64x48:r=10:d=4",
    "-vf",
    "geq=lum='16+T*50':cb=128:cr=128,select='not(between(t\\,1.0\\,2.5))'",
    "-fps_mode",
    "passthrough",
    "-c:v",
    "libvpx",
    "-b:v",
    "300k",
    out,
  ]);
  gapped = new Uint8Array(readFileSync(out));
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe.skipIf(!hasFfmpeg)(`a recording with a moment of no frames${hasFfmpeg ? "" : ` (${skipped})`}`, () => {
  it("gives each frame once, named by when it is shown, when several moments asked for fall in the gap", async () => {
    const told: { at: number; planned: readonly number[] }[] = [];
    const sample = await sampleRecording(
      gapped,
      "video/webm",
      () => [0.5, 1.2, 1.6, 2.0, 2.7],
      (frame, index, planned) => told.push({ at: frame.at, planned: [...planned] }),
    );
    expect(sample.frames.map((frame) => frame.at)).toEqual([0.5, 2.6, 2.7]);
    for (const frame of sample.frames) expect(await shownAt(frame.image)).toBeCloseTo(frame.at, 1);
    expect(told.map((t) => t.at)).toEqual([0.5, 2.6, 2.7]);
    expect(told[0]!.planned).toEqual([0.5, 2.6, 2.7]);

    // A second look at the same moments reads the same frames.
    const again = await framesOfRecording(gapped, "video/webm", [1.1, 1.9, 3.05], sample);
    expect(again.map((frame) => frame.at)).toEqual([2.6, 3.1]);
    for (const frame of again) expect(await shownAt(frame.image)).toBeCloseTo(frame.at, 1);
  });

  it("takes spare frames in the same pass without telling of them, and a second look finds them without decoding again", async () => {
    const told: number[] = [];
    const spareAsked: number[][] = [];
    const sample = await sampleRecording(
      gapped,
      "video/webm",
      () => [0.5, 2.7],
      (frame) => told.push(frame.at),
      (_duration, _envelope, planned) => {
        spareAsked.push([...planned]);
        return [0.8, 1.5, 2.7, 3.35];
      },
    );
    expect(spareAsked).toEqual([[0.5, 2.7]]);
    expect(told).toEqual([0.5, 2.7]);
    expect(sample.frames.map((frame) => frame.at)).toEqual([0.5, 2.7]);
    // 1.5 falls in the gap (the frame at 2.6); 2.7 is a planned frame already, not a spare one.
    expect(sample.spare.map((frame) => frame.at)).toEqual([0.8, 2.6, 3.4]);
    for (const frame of sample.spare) expect(await shownAt(frame.image)).toBeCloseTo(frame.at, 1);

    // Every moment held (planned or spare): the recording is not read at all — an unreadable one would fail otherwise.
    const unreadable = new Uint8Array(2000).fill(7);
    const held = await framesOfRecording(unreadable, "video/webm", [0.75, 2.7, 3.35], sample);
    expect(held.map((frame) => frame.at)).toEqual([0.8, 2.7, 3.4]);
    await expect(framesOfRecording(unreadable, "video/webm", [0.75, 3.0], sample)).rejects.toThrow();

    // One not held: decoded, beside the held ones, in time order; the same pictures as a pass that holds nothing.
    const mixed = await framesOfRecording(gapped, "video/webm", [3.0, 0.75], sample);
    expect(mixed.map((frame) => frame.at)).toEqual([0.8, 3.0]);
    const fresh = await framesOfRecording(gapped, "video/webm", [0.75, 3.0], { duration: sample.duration, frameTimes: sample.frameTimes });
    expect(fresh.map((frame) => frame.at)).toEqual([0.8, 3.0]);
    // Byte for byte: each frame is encoded on its own, whichever others the pass takes.
    for (const [i, frame] of mixed.entries()) expect(Buffer.from(frame.image).equals(Buffer.from(fresh[i]!.image))).toBe(true);
  });

  it("reads the very first frame when asked for the start", async () => {
    const sample = await sampleRecording(gapped, "video/webm", () => [0, 0.05]);
    expect(sample.frames.map((frame) => frame.at)).toEqual([0, 0.1]);
    expect(await shownAt(sample.frames[0]!.image)).toBeLessThan(0.05);
  });
});
