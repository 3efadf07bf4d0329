import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How long ffprobe / ffmpeg may take on one recording before it is killed. */
const probeTimeoutMs = 15_000;
const extractTimeoutMs = 60_000;
/** Frames are scaled down to at most this width: the face detector looks at 512×512 anyway. */
const frameWidth = 640;

export class VideoFramesError extends Error {}

/** Runs a program (no shell: the arguments go to it as they are); its output is returned, or given to `onOutput` as it comes. */
function run(command: string, args: string[], timeout: number, onOutput?: (chunk: Buffer) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], windowsHide: true });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let failure: string | null = null;
    const timer = setTimeout(() => {
      failure ??= `${command} timed out`;
      child.kill("SIGKILL");
    }, timeout);
    child.stdout.on("data", (chunk: Buffer) => {
      if (failure) return;
      try {
        if (onOutput) return onOutput(chunk);
        stdoutBytes += chunk.byteLength;
        if (stdoutBytes > 1024 * 1024) throw new Error("too much output");
        stdout.push(chunk);
      } catch (error) {
        failure = `${command} failed: ${error instanceof Error ? error.message : String(error)}`;
        child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += String(chunk);
    });
    let settled = false;
    const settle = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error === null) resolve(Buffer.concat(stdout).toString());
      else reject(new VideoFramesError(error));
    };
    child.on("error", (error: NodeJS.ErrnoException) => {
      failure ??= error.code === "ENOENT" ? `${command} missing` : `${command} failed: ${error.message}`;
      settle(failure);
    });
    child.on("close", (code) => {
      settle(!failure && code === 0 ? null : (failure ?? `${command} failed: ${stderr.trim().slice(0, 300) || `exit ${String(code)}`}`));
    });
  });
}

/** The demuxer a stored recording is read with: forced, so a crafted file cannot make ffmpeg read something else. */
const demuxerOf = (mimeType: string) => (mimeType === "video/mp4" ? "mov" : "matroska");

/**
 * The recording's duration in seconds (ffprobe; stored WebMs are remuxed so that they have one), whether it has sound,
 * and when each of its video frames is shown (`frameTimes`, seconds, as ffmpeg's filters count them: from the
 * recording's start time), read from the container's packets without decoding them.
 */
async function probe(input: string, common: string[]): Promise<{ duration: number; audio: boolean; frameTimes: number[] }> {
  const [probed, packets] = await Promise.all([
    run(
      "ffprobe",
      ["-v", "error", ...common, "-show_entries", "format=duration,start_time:stream=codec_type", "-of", "json", input],
      probeTimeoutMs,
    ),
    run(
      "ffprobe",
      ["-v", "error", ...common, "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", input],
      probeTimeoutMs,
    ),
  ]);
  const parsed = JSON.parse(probed) as { format?: { duration?: string; start_time?: string }; streams?: { codec_type?: string }[] };
  const duration = Number(parsed.format?.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new VideoFramesError("the recording has no duration");
  const start = Number(parsed.format?.start_time);
  const offset = Number.isFinite(start) ? start : 0;
  const frameTimes = packets
    .split("\n")
    .map((line) => Number.parseFloat(line))
    .filter((time) => Number.isFinite(time))
    .map((time) => Math.round((time - offset) * 1e6) / 1e6)
    .sort((a, b) => a - b);
  return { duration, audio: (parsed.streams ?? []).some((stream) => stream.codec_type === "audio"), frameTimes };
}

/** Runs `work` on the recording written to a temporary folder (removed afterwards), with the input arguments that read it. */
async function withRecording<T>(video: Uint8Array, mimeType: string, work: (input: string, common: string[], dir: string) => Promise<T>) {
  const dir = await mkdtemp(join(tmpdir(), "rubrica-frames-"));
  try {
    const input = join(dir, "in.video");
    await writeFile(input, video);
    return await work(input, ["-protocol_whitelist", "file", "-f", demuxerOf(mimeType)], dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const ffmpegArgs = ["-nostdin", "-hide_banner", "-loglevel", "error"];

/** How finely the sound's loudness is measured (audio envelope), in milliseconds. */
export const envelopeWindowMs = 50;
const audioRate = 8000;

/** The loudness of the first audio track: RMS of each envelopeWindowMs slice (mono, 8 kHz, full scale 1); empty without sound. */
async function envelopeOf(input: string, common: string[], dir: string): Promise<number[]> {
  const output = join(dir, "audio.pcm");
  await run(
    "ffmpeg",
    [...ffmpegArgs, ...common, "-i", input, "-vn", "-map", "0:a:0", "-ac", "1", "-ar", String(audioRate), "-f", "s16le", "-y", output],
    extractTimeoutMs,
  );
  const pcm = await readFile(output).catch(() => Buffer.alloc(0));
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2));
  const step = Math.round((audioRate * envelopeWindowMs) / 1000);
  const envelope: number[] = [];
  for (let start = 0; start + step <= samples.length; start += step) {
    let sum = 0;
    for (let i = start; i < start + step; i++) sum += (samples[i]! / 32768) ** 2;
    envelope.push(Math.sqrt(sum / step));
  }
  return envelope;
}

/**
 * Where the JPEG starting at `start` (its SOI marker) ends (the index after its EOI marker), or null when `bytes`
 * does not hold all of it yet: the header's segments are skipped by their lengths, the entropy-coded data up to the
 * first marker that is neither a stuffed 0xFF nor a restart marker.
 */
export function jpegEnd(bytes: Uint8Array, start: number): number | null {
  if (bytes[start] !== 0xff || bytes[start + 1] !== 0xd8) throw new VideoFramesError("ffmpeg wrote something else than a JPEG");
  let i = start + 2;
  for (;;) {
    if (i + 1 >= bytes.length) return null;
    if (bytes[i] !== 0xff) throw new VideoFramesError("ffmpeg wrote a damaged JPEG");
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd9) return i + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (i + 3 >= bytes.length) return null;
    i += 2 + ((bytes[i + 2]! << 8) | bytes[i + 3]!);
    if (marker !== 0xda) continue;
    // After the start of scan: the compressed data, up to the next real marker.
    for (;;) {
      if (i + 1 >= bytes.length) return null;
      if (bytes[i] === 0xff && bytes[i + 1] !== 0 && !(bytes[i + 1]! >= 0xd0 && bytes[i + 1]! <= 0xd7)) break;
      i += 1;
    }
  }
}

/** A frame of the recording: its time (seconds from the start) and the JPEG of it; `index` among the frames asked for. */
export type RecordingFrame = { at: number; image: Uint8Array };
/**
 * Told of each frame as soon as ffmpeg has written it (the frames are analysed while the recording is still being
 * decoded); `planned` are the times asked for, in order, of which this frame is `index`.
 */
export type OnFrame = (frame: RecordingFrame, index: number, planned: readonly number[]) => void;

/**
 * Which frames show the given times (seconds from the start): for each time the first frame at or after it (none past
 * the end), each frame once, by its own time. Several times between two frames (a phone that recorded nothing for a
 * moment) are one frame, named by when it is shown, not by the times asked for.
 */
export function framesShowing(times: readonly number[], frameTimes: readonly number[], duration: number): number[] {
  const wanted = [...new Set(times.map((t) => Math.max(0, t)))].filter((t) => t < duration).sort((a, b) => a - b);
  const chosen: number[] = [];
  let next = 0;
  for (const time of wanted) {
    while (next < frameTimes.length && frameTimes[next]! < time - 1e-6) next += 1;
    const frame = frameTimes[next];
    if (frame === undefined) break;
    if (chosen.at(-1) !== frame) chosen.push(frame);
  }
  return chosen;
}

/**
 * The frames shown at the given times (seconds from the start) as JPEGs at most 640 px wide, in one decoding pass:
 * those framesShowing picks, each with its own time (`at`). They come through ffmpeg's output pipe, each handed to
 * `onFrame` as soon as it is whole.
 */
async function framesAt(
  input: string,
  common: string[],
  times: readonly number[],
  recording: { duration: number; frameTimes: readonly number[] },
  onFrame?: OnFrame,
  spareTimes: readonly number[] = [],
): Promise<{ frames: RecordingFrame[]; spare: RecordingFrame[] }> {
  const kept = framesShowing(times, recording.frameTimes, recording.duration);
  const planned = new Set(kept);
  const spareKept = framesShowing(spareTimes, recording.frameTimes, recording.duration).filter((t) => !planned.has(t));
  const all = [...kept, ...spareKept].sort((a, b) => a - b);
  if (all.length === 0) return { frames: [], spare: [] };
  // Each frame by its time (to the microsecond ffprobe gives; frames are milliseconds apart).
  const select = all.map((t) => `between(t\\,${(t - 0.0005).toFixed(6)}\\,${(t + 0.0005).toFixed(6)})`).join("+");
  const frames: RecordingFrame[] = [];
  const spare: RecordingFrame[] = [];
  let pending = new Uint8Array(0);
  let count = 0;
  const take = (chunk: Buffer) => {
    const joined = new Uint8Array(pending.byteLength + chunk.byteLength);
    joined.set(pending);
    joined.set(chunk, pending.byteLength);
    let start = 0;
    for (let end = jpegEnd(joined, start); end !== null; end = start < joined.byteLength ? jpegEnd(joined, start) : null) {
      const at = all[count];
      const image = joined.slice(start, end);
      if (at !== undefined) {
        const frame = { at, image };
        if (planned.has(at)) {
          frames.push(frame);
          onFrame?.(frame, frames.length - 1, kept);
        } else spare.push(frame);
      }
      count += 1;
      start = end;
    }
    pending = joined.slice(start);
  };
  await run(
    "ffmpeg",
    [
      ...ffmpegArgs,
      ...common,
      "-i",
      input,
      "-an",
      "-vf",
      `select='${select}',scale='min(${frameWidth},iw)':-2`,
      "-fps_mode",
      "passthrough",
      "-c:v",
      "mjpeg",
      "-q:v",
      "3",
      "-f",
      "image2pipe",
      "pipe:1",
    ],
    extractTimeoutMs,
    take,
  );
  if (pending.byteLength > 0) throw new VideoFramesError("ffmpeg's last frame was cut short");
  return { frames, spare };
}

/**
 * A recording as the liveness judge reads it: its length, its sound's loudness, the frames it chose, and the spare
 * frames it may want later (`spare`), taken in the same decoding pass.
 */
export type RecordingSample = {
  duration: number;
  envelope: number[];
  frames: RecordingFrame[];
  frameTimes: readonly number[];
  spare: RecordingFrame[];
};

/**
 * Reads a recording (WebM or MP4) once: its duration, the loudness of its sound (RMS per
 * envelopeWindowMs), then the frames at the times `plan` picks from those two (seconds from the start).
 * `spare` names more times whose frames are taken in the same pass but not handed to `onFrame`: frames a second look
 * may ask for (framesOfRecording then finds them without decoding the recording again). Input is forced to the
 * recording's container and the file protocol only.
 */
export async function sampleRecording(
  video: Uint8Array,
  mimeType: string,
  plan: (duration: number, envelope: readonly number[]) => number[],
  onFrame?: OnFrame,
  /** planned: the times (seconds) of the frames the plan's times fall on. */
  spare?: (duration: number, envelope: readonly number[], planned: readonly number[]) => number[],
): Promise<RecordingSample> {
  return withRecording(video, mimeType, async (input, common, dir) => {
    // The probe and the sound's pass side by side (a recording without sound: that pass fails, and is not looked at).
    const sound = envelopeOf(input, common, dir);
    sound.catch(() => undefined);
    const { duration, audio, frameTimes } = await probe(input, common);
    const envelope = audio ? await sound : [];
    const times = plan(duration, envelope);
    const { frames, spare: spareFrames } = await framesAt(
      input,
      common,
      times,
      { duration, frameTimes },
      onFrame,
      // The frames the plan's times fall on: the times a second look will see as taken.
      spare?.(duration, envelope, framesShowing(times, frameTimes, duration)) ?? [],
    );
    return { duration, envelope, frames, frameTimes, spare: spareFrames };
  });
}

/**
 * More frames of a recording already sampled (its duration and frames' times known from sampleRecording): the frames at
 * `times` (seconds), as sampleRecording's would be — those it already holds (its frames and spare frames) without
 * decoding again, the others in one decoding pass. The liveness judge asks for them when a prompt's first frames did
 * not show its answer. In time order.
 */
export async function framesOfRecording(
  video: Uint8Array,
  mimeType: string,
  times: readonly number[],
  recording: Pick<RecordingSample, "duration" | "frameTimes"> & Partial<Pick<RecordingSample, "frames" | "spare">>,
): Promise<RecordingFrame[]> {
  const wanted = framesShowing(times, recording.frameTimes, recording.duration);
  const held = new Map([...(recording.frames ?? []), ...(recording.spare ?? [])].map((frame) => [frame.at, frame]));
  const missing = wanted.filter((t) => !held.has(t));
  const decoded =
    missing.length === 0
      ? []
      : (await withRecording(video, mimeType, (input, common) => framesAt(input, common, missing, recording))).frames;
  return [...wanted.filter((t) => held.has(t)).map((t) => held.get(t)!), ...decoded].sort((a, b) => a.at - b.at);
}

/**
 * `count` frames spread evenly over a recording (WebM or MP4), as JPEGs at most 640 px wide, in
 * order. The duration comes from ffprobe (stored WebMs are remuxed so they have one); the frames are
 * taken at the middle of `count` equal slices, so neither the first (camera still adjusting) nor the
 * last frame. Input is forced to the recording's container and the file protocol only. Fewer frames
 * may come back from a very short or damaged recording; none is an error.
 */
export async function extractFrames(video: Uint8Array, mimeType: string, count: number): Promise<Uint8Array[]> {
  return withRecording(video, mimeType, async (input, common) => {
    const { duration, frameTimes } = await probe(input, common);
    const times = Array.from({ length: count }, (_, i) => ((i + 0.5) * duration) / count);
    return (await framesAt(input, common, times, { duration, frameTimes })).frames.map((frame) => frame.image);
  });
}
