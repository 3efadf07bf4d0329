// What the test-media scripts share (tests/media/attack-video.ts, render-head.ts): the prompt list of the liveness
// challenge, a seeded random source, the spoken digits (espeak-ng) with their loudness per frame, a small software
// rasteriser (textured triangles with a depth buffer, a homography warp) and the encoder that writes frames as a
// browser's MediaRecorder does (WebM, VP8 + Opus). Frames are raw RGB handed to ffmpeg's stdin; ffmpeg adds what
// a webcam adds (sensor noise, a slight blur) and encodes.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";

/**
 * One prompt of the challenge (lib/evidence/video-challenge.ts), times from the start of the video. "left/right"
 * are the PERSON's: in an un-mirrored video a turn to the person's left moves the nose towards the image's right.
 */
export type LivenessPrompt = { action: "turn_left" | "turn_right"; atMs: number; durationMs: number };

/** --prompts: a JSON array, inline or in a file. */
export function parsePrompts(value: string | undefined): LivenessPrompt[] {
  if (!value) return [];
  const text = value.trim().startsWith("[") ? value : readFileSync(value, "utf8");
  const prompts = JSON.parse(text) as LivenessPrompt[];
  for (const prompt of prompts) {
    if (prompt.action !== "turn_left" && prompt.action !== "turn_right") throw new Error(`Unknown prompt action ${String(prompt.action)}`);
    if (!Number.isFinite(prompt.atMs) || !Number.isFinite(prompt.durationMs)) throw new Error("A prompt needs atMs and durationMs");
  }
  return prompts;
}

/** A random prompt list as the challenge draws it (2 prompts, first at 2.5-4 s, second 3.5-5 s later, shown 2 s). */
export function randomPrompts(random: () => number): LivenessPrompt[] {
  const action = (): LivenessPrompt["action"] => (random() < 0.5 ? "turn_left" : "turn_right");
  const first = Math.round(2500 + random() * 1500);
  const second = Math.round(first + 3500 + random() * 1500);
  return [
    { action: action(), atMs: first, durationMs: 2000 },
    { action: action(), atMs: second, durationMs: 2000 },
  ];
}

/** mulberry32: the same seed gives the same video. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const smoothstep = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));

/**
 * How far the head (or the picture) is turned at time t for a prompt list, as a person answers: a reaction time,
 * an eased turn to the angle, held while the prompt shows, an eased return to frontal. Positive = towards the
 * person's left (nose to the image's right). Each prompt gets its own reaction, angle and return, from `random`.
 */
export function promptedYaw(prompts: LivenessPrompt[], random: () => number, degrees: [number, number] = [25, 35]) {
  const turns = prompts.map((prompt) => ({
    start: prompt.atMs + 300 + random() * 300,
    turnMs: 400 + random() * 250,
    end: prompt.atMs + prompt.durationMs + 100 + random() * 300,
    backMs: 450 + random() * 250,
    angle: ((degrees[0] + random() * (degrees[1] - degrees[0])) * Math.PI) / 180,
    sign: prompt.action === "turn_left" ? 1 : -1,
  }));
  return (ms: number) => {
    for (const turn of turns) {
      if (ms < turn.start || ms > turn.end + turn.backMs) continue;
      const amount = ms <= turn.end ? smoothstep((ms - turn.start) / turn.turnMs) : 1 - smoothstep((ms - turn.end) / turn.backMs);
      return turn.sign * turn.angle * amount;
    }
    return 0;
  };
}

export type Speech = { wav: string; envelope: (ms: number) => number; cleanup: () => void };

/**
 * The digits read aloud by espeak-ng (Spanish voice), from `startMs` on, in a WAV of `seconds`; silence without
 * digits. envelope(ms) is the voice's loudness around that time, 0..1 (1 = the loudest 20 ms of the reading).
 */
export function speech(digits: string | undefined, seconds: number, startMs = 600): Speech {
  const dir = mkdtempSync(path.join(tmpdir(), "rubrica-speech-"));
  const wav = path.join(dir, "speech.wav");
  const rate = 16000;
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  if (!digits) {
    execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-f", "lavfi", "-i", `anullsrc=r=${rate}:cl=mono`, "-t", String(seconds), wav]);
    return { wav, envelope: () => 0, cleanup };
  }
  const spoken = path.join(dir, "spoken.wav");
  execFileSync("espeak-ng", ["-v", "es", "-s", "150", "-w", spoken, digits.split("").join(", ")]);
  execFileSync("ffmpeg", [
    "-y",
    "-loglevel",
    "error",
    "-i",
    spoken,
    "-af",
    `adelay=${startMs},apad`,
    "-ar",
    String(rate),
    "-ac",
    "1",
    "-t",
    String(seconds),
    wav,
  ]);
  const pcm = execFileSync("ffmpeg", ["-loglevel", "error", "-i", wav, "-f", "s16le", "-ac", "1", "-ar", String(rate), "-"], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2));
  const window = rate / 50;
  const rms: number[] = [];
  for (let start = 0; start + window <= samples.length; start += window) {
    let sum = 0;
    for (let i = start; i < start + window; i++) sum += (samples[i]! / 32768) ** 2;
    rms.push(Math.sqrt(sum / window));
  }
  const peak = Math.max(...rms, 1e-6);
  return {
    wav,
    envelope: (ms) => {
      // Jaw and lips lead and trail the sound a little: the loudest of the 60 ms around.
      const at = Math.round(ms / 20);
      let loud = 0;
      for (let i = at - 2; i <= at + 1; i++) loud = Math.max(loud, rms[i] ?? 0);
      return Math.min(1, loud / peak);
    },
    cleanup,
  };
}

export type Picture = { data: Uint8Array; width: number; height: number };

/** A picture as RGB pixels, upright, optionally resized to fit inside `fit` pixels. */
export async function readPicture(file: string | Uint8Array, fit?: { width: number; height: number }): Promise<Picture> {
  let image = sharp(file).rotate().removeAlpha();
  if (fit) image = image.resize({ width: fit.width, height: fit.height, fit: "inside" });
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

export function blankPicture(width: number, height: number): Picture {
  return { data: new Uint8Array(width * height * 3), width, height };
}

/** Bilinear sample of `picture` at (x, y) into out[o..o+2]; outside, the nearest edge pixel. */
export function sample(picture: Picture, x: number, y: number, out: Uint8Array, o: number) {
  const { width, height, data } = picture;
  const fx = Math.min(Math.max(x - 0.5, 0), width - 1.001);
  const fy = Math.min(Math.max(y - 0.5, 0), height - 1.001);
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const ax = fx - x0;
  const ay = fy - y0;
  const i00 = (y0 * width + x0) * 3;
  const i10 = i00 + 3;
  const i01 = i00 + width * 3;
  const i11 = i01 + 3;
  for (let c = 0; c < 3; c++) {
    const top = data[i00 + c]! * (1 - ax) + data[i10 + c]! * ax;
    const bottom = data[i01 + c]! * (1 - ax) + data[i11 + c]! * ax;
    out[o + c] = top * (1 - ay) + bottom * ay + 0.5;
  }
}

/** 3x3 homography (row-major) taking the 4 `from` points to the 4 `to` points (DLT, solved exactly). */
export function homography(from: [number, number][], to: [number, number][]): number[] {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gauss-Jordan on the 8x9 augmented matrix (h33 = 1).
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(rows[r]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = r;
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    const p = rows[col]![col]!;
    for (let c = col; c < 9; c++) rows[col]![c]! /= p;
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const f = rows[r]![col]!;
      if (f !== 0) for (let c = col; c < 9; c++) rows[r]![c]! -= f * rows[col]![c]!;
    }
  }
  return [...rows.map((row) => row[8]!), 1];
}

/** Draws `source` into `target` where the quad `corners` (the source's TL, TR, BR, BL as seen) lies. */
export function warpQuad(target: Picture, source: Picture, corners: [number, number][]) {
  const inverse = homography(corners, [
    [0, 0],
    [source.width, 0],
    [source.width, source.height],
    [0, source.height],
  ]);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(target.width - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(target.height - 1, Math.ceil(Math.max(...ys)));
  const [a, b, c, d, e, f, g, h] = inverse as [number, number, number, number, number, number, number, number];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const w = g * px + h * py + 1;
      const u = (a * px + b * py + c) / w;
      const v = (d * px + e * py + f) / w;
      if (u < 0 || v < 0 || u >= source.width || v >= source.height) continue;
      sample(source, u, v, target.data, (y * target.width + x) * 3);
    }
  }
}

/**
 * A triangle textured from `texture` (affine: orthographic view) with a depth buffer (smaller z = nearer).
 * p: screen x, y, z of the 3 corners; uv: the texture's pixel coordinates; colour: a flat fill instead of texture.
 */
export function drawTriangle(
  target: Picture,
  depth: Float32Array,
  p: [number, number, number][],
  uv: [number, number][] | null,
  texture: Picture | null,
  colour?: [number, number, number],
) {
  const [[ax, ay, az], [bx, by, bz], [cx, cy, cz]] = p as [[number, number, number], [number, number, number], [number, number, number]];
  const area = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
  if (Math.abs(area) < 1e-6) return;
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
  const x1 = Math.min(target.width - 1, Math.ceil(Math.max(ax, bx, cx)));
  const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
  const y1 = Math.min(target.height - 1, Math.ceil(Math.max(ay, by, cy)));
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const w0 = ((bx - px) * (cy - py) - (cx - px) * (by - py)) / area;
      const w1 = ((cx - px) * (ay - py) - (ax - px) * (cy - py)) / area;
      const w2 = 1 - w0 - w1;
      if (w0 < -1e-4 || w1 < -1e-4 || w2 < -1e-4) continue;
      const z = w0 * az + w1 * bz + w2 * cz;
      const at = y * target.width + x;
      if (z >= depth[at]!) continue;
      depth[at] = z;
      if (colour || !uv || !texture) {
        const c = colour ?? [0, 0, 0];
        target.data[at * 3] = c[0];
        target.data[at * 3 + 1] = c[1];
        target.data[at * 3 + 2] = c[2];
      } else {
        sample(
          texture,
          w0 * uv[0]![0] + w1 * uv[1]![0] + w2 * uv[2]![0],
          w0 * uv[0]![1] + w1 * uv[1]![1] + w2 * uv[2]![1],
          target.data,
          at * 3,
        );
      }
    }
  }
}

export type Encoder = { write: (frame: Picture) => Promise<void>; close: () => Promise<void> };

/**
 * Writes frames and an audio file as a browser records: WebM, VP8 video and Opus audio. ffmpeg adds a webcam's
 * sensor noise (temporal, its fixed seed) and a slight lens blur to every frame. Encoded the same way every time
 * (libvpx's "good" deadline on one thread, bit-exact muxing): with the "realtime" deadline the encoder chose its
 * effort by the clock, so the same render gave other pixels on each run, and a judge's measurement near its
 * threshold (a still mouth's lips wandering by 0.019-0.031 over 22 frames) passed or failed by the machine's load.
 */
export function webmEncoder(out: string, options: { width: number; height: number; fps: number; audio: string }): Encoder {
  const ffmpeg = spawn(
    "ffmpeg",
    [
      "-y",
      "-loglevel",
      "error",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-s",
      `${options.width}x${options.height}`,
      "-r",
      String(options.fps),
      "-i",
      "-",
      "-i",
      options.audio,
      "-vf",
      "gblur=sigma=0.6,noise=alls=5:allf=t,format=yuv420p",
      "-c:v",
      "libvpx",
      "-b:v",
      "1500k",
      "-deadline",
      "good",
      "-cpu-used",
      "5",
      "-threads",
      "1",
      "-c:a",
      "libopus",
      "-b:a",
      "48k",
      "-shortest",
      "-fflags",
      "+bitexact",
      out,
    ],
    { stdio: ["pipe", "ignore", "pipe"] },
  );
  let errors = "";
  ffmpeg.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  ffmpeg.stdin.on("error", () => undefined); // an early exit is reported by `done`
  const done = new Promise<void>((resolve, reject) =>
    ffmpeg.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${errors.trim()}`)))),
  );
  return {
    write: (frame) =>
      new Promise((resolve, reject) => {
        if (ffmpeg.stdin.write(frame.data)) resolve();
        else ffmpeg.stdin.once("drain", resolve);
        done.catch(reject);
      }),
    close: async () => {
      ffmpeg.stdin.end();
      await done;
    },
  };
}

/** Whether the module at `url` is the script node was started with (the scripts are also imported by the bench). */
export function isMain(url: string): boolean {
  return Boolean(process.argv[1]) && url === pathToFileURL(path.resolve(process.argv[1]!)).href;
}

/** Frame `index` of a video (the fake camera's face.y4m) as PNG or JPEG bytes. */
export function fakeCameraFrame(video: string, index: number, format: "png" | "mjpeg" = "png"): Buffer {
  return execFileSync(
    "ffmpeg",
    [
      "-loglevel",
      "error",
      "-i",
      video,
      "-vf",
      `select=eq(n\\,${index})`,
      "-frames:v",
      "1",
      "-f",
      "image2pipe",
      "-vcodec",
      format,
      "-q:v",
      "3",
      "-",
    ],
    { maxBuffer: 32 * 1024 * 1024 },
  );
}

/**
 * `seconds` of a recording from `from` (s), as Chromium's recorder delivers it (VP8, the camera's own size and rate,
 * encoded the same way every run), with `audio` (a WAV, Opus) as its sound, or silent.
 */
export function cutRecording(source: string, out: string, options: { from: number; seconds: number; audio?: string }) {
  const input = ["-ss", String(options.from), "-t", String(options.seconds), "-i", source];
  const sound = options.audio ? ["-i", options.audio, "-map", "0:v", "-map", "1:a", "-c:a", "libopus", "-shortest"] : ["-an"];
  const vp8 = ["-c:v", "libvpx", "-b:v", "1M", "-deadline", "good", "-threads", "1"];
  execFileSync("ffmpeg", ["-nostdin", "-v", "error", "-y", ...input, ...sound, ...vp8, out]);
}

/** The frame of a recording at `at` seconds, as a JPEG at `out` (a selfie taken from it). */
export function frameAt(source: string, at: number, out: string) {
  execFileSync("ffmpeg", ["-nostdin", "-v", "error", "-y", "-ss", String(at), "-i", source, "-frames:v", "1", out]);
}
