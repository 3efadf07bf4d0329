import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How long ffprobe / ffmpeg may take on one recording before it is killed. */
const probeTimeoutMs = 15_000;
const extractTimeoutMs = 60_000;
/** Frames are scaled down to at most this width: the face detector looks at 512×512 anyway. */
const frameWidth = 640;

export class VideoFramesError extends Error {}

function run(command: string, args: string[], timeout: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // execFile: no shell, the arguments go to the program as they are.
    execFile(command, args, { timeout, killSignal: "SIGKILL", maxBuffer: 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (!error) return resolve(String(stdout));
      const reason =
        (error as NodeJS.ErrnoException).code === "ENOENT"
          ? `${command} missing`
          : error.killed
            ? `${command} timed out`
            : `${command} failed: ${String(stderr).trim().slice(0, 300) || `exit ${String(error.code)}`}`;
      reject(new VideoFramesError(reason));
    });
  });
}

/** The demuxer a stored recording is read with: forced, so a crafted file cannot make ffmpeg read something else. */
const demuxerOf = (mimeType: string) => (mimeType === "video/mp4" ? "mov" : "matroska");

/** The recording's duration in seconds (ffprobe; stored WebMs are remuxed so that they have one) and whether it has sound. */
async function probe(input: string, common: string[]): Promise<{ duration: number; audio: boolean }> {
  const probed = await run(
    "ffprobe",
    ["-v", "error", ...common, "-show_entries", "format=duration:stream=codec_type", "-of", "json", input],
    probeTimeoutMs,
  );
  const parsed = JSON.parse(probed) as { format?: { duration?: string }; streams?: { codec_type?: string }[] };
  const duration = Number(parsed.format?.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new VideoFramesError("the recording has no duration");
  return { duration, audio: (parsed.streams ?? []).some((stream) => stream.codec_type === "audio") };
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
 * The frames shown at the given times (seconds from the start, the frames' pts) as JPEGs at most 640
 * px wide, in one decoding pass: for each time the first frame at or after it; none past the end.
 */
async function framesAt(input: string, common: string[], dir: string, times: readonly number[], duration: number) {
  const kept = [...new Set(times.map((t) => Math.round(Math.max(0, t) * 1000) / 1000))].filter((t) => t < duration).sort((a, b) => a - b);
  if (kept.length === 0) return [];
  // A frame is taken when a wanted time falls in (the previous frame's time, its time].
  const select = kept.map((t) => `gte(t\\,${t})*lt(prev_pts*TB\\,${t})`).join("+");
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
      "-q:v",
      "3",
      "-y",
      join(dir, "frame-%03d.jpg"),
    ],
    extractTimeoutMs,
  );
  const names = (await readdir(dir)).filter((n) => n.startsWith("frame-")).sort();
  const frames: { at: number; image: Uint8Array }[] = [];
  for (const [i, name] of names.entries()) {
    const image = new Uint8Array(await readFile(join(dir, name)));
    if (image.byteLength > 0 && kept[i] !== undefined) frames.push({ at: kept[i], image });
  }
  return frames;
}

/** A recording as the liveness judge reads it: its length, its sound's loudness, and the frames it chose. */
export type RecordingSample = { duration: number; envelope: number[]; frames: { at: number; image: Uint8Array }[] };

/**
 * Reads a recording (WebM or MP4) once: its duration, the loudness of its sound (RMS per
 * envelopeWindowMs), then the frames at the times `plan` picks from those two (seconds from the start).
 * Input is forced to the recording's container and the file protocol only.
 */
export async function sampleRecording(
  video: Uint8Array,
  mimeType: string,
  plan: (duration: number, envelope: readonly number[]) => number[],
): Promise<RecordingSample> {
  return withRecording(video, mimeType, async (input, common, dir) => {
    const { duration, audio } = await probe(input, common);
    const envelope = audio ? await envelopeOf(input, common, dir) : [];
    const frames = await framesAt(input, common, dir, plan(duration, envelope), duration);
    return { duration, envelope, frames };
  });
}

/**
 * `count` frames spread evenly over a recording (WebM or MP4), as JPEGs at most 640 px wide, in
 * order. The duration comes from ffprobe (stored WebMs are remuxed so they have one); the frames are
 * taken at the middle of `count` equal slices, so neither the first (camera still adjusting) nor the
 * last frame. Input is forced to the recording's container and the file protocol only. Fewer frames
 * may come back from a very short or damaged recording; none is an error.
 */
export async function extractFrames(video: Uint8Array, mimeType: string, count: number): Promise<Uint8Array[]> {
  return withRecording(video, mimeType, async (input, common, dir) => {
    const { duration } = await probe(input, common);
    const times = Array.from({ length: count }, (_, i) => ((i + 0.5) * duration) / count);
    return (await framesAt(input, common, dir, times, duration)).map((frame) => frame.image);
  });
}
