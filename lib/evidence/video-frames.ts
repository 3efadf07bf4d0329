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

/**
 * `count` frames spread evenly over a recording (WebM or MP4), as JPEGs at most 640 px wide, in
 * order. The duration comes from ffprobe (stored WebMs are remuxed so they have one); the frames are
 * taken at the middle of `count` equal slices, so neither the first (camera still adjusting) nor the
 * last frame. Input is forced to the recording's container and the file protocol only. Fewer frames
 * may come back from a very short or damaged recording; none is an error.
 */
export async function extractFrames(video: Uint8Array, mimeType: string, count: number): Promise<Uint8Array[]> {
  const dir = await mkdtemp(join(tmpdir(), "rubrica-frames-"));
  try {
    const input = join(dir, "in.video");
    await writeFile(input, video);
    const demuxer = demuxerOf(mimeType);
    const common = ["-protocol_whitelist", "file", "-f", demuxer];
    const probed = await run(
      "ffprobe",
      ["-v", "error", ...common, "-show_entries", "format=duration", "-of", "csv=p=0", input],
      probeTimeoutMs,
    );
    const duration = Number(probed.trim());
    if (!Number.isFinite(duration) || duration <= 0) throw new VideoFramesError("the recording has no duration");
    const frames: Uint8Array[] = [];
    for (let i = 0; i < count; i++) {
      const at = ((i + 0.5) * duration) / count;
      const output = join(dir, `frame-${String(i).padStart(2, "0")}.jpg`);
      // -ss before -i seeks by the container's cues (fast), then decodes up to the exact time.
      await run(
        "ffmpeg",
        [
          "-nostdin",
          "-hide_banner",
          "-loglevel",
          "error",
          ...common,
          "-ss",
          at.toFixed(3),
          "-i",
          input,
          "-frames:v",
          "1",
          "-vf",
          `scale='min(${frameWidth},iw)':-2`,
          "-q:v",
          "3",
          "-y",
          output,
        ],
        extractTimeoutMs,
      );
    }
    for (const name of (await readdir(dir)).filter((n) => n.startsWith("frame-")).sort()) {
      const bytes = new Uint8Array(await readFile(join(dir, name)));
      if (bytes.byteLength > 0) frames.push(bytes);
    }
    return frames;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
