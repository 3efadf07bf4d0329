// Recordings as phones and browsers deliver them (bench/liveness-recorders.ts; tests/integration/liveness-challenge.test.ts):
// a video of the evaluation set (WebM, VP8 + Opus, 640×480, 15 fps, as Chromium's MediaRecorder records its fake
// camera) made again with ffmpeg as another recorder would have made it. See the bench's header for each variant.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";

/** ffmpeg's arguments before the output; `retag`: a second pass copying the streams with these options (metadata). */
type Variant = { ext: "webm" | "mp4"; args: (input: string) => string[]; retag?: string[] };

const vp8 = ["-c:v", "libvpx", "-b:v", "1500k", "-deadline", "realtime", "-cpu-used", "8"];
const opus = ["-c:a", "libopus", "-b:a", "64k"];
/**
 * A phone held upright, 720×960 at 30 fps: the landscape frame whole across its width (the face as large as it was,
 * none of it cut off), a plain wall above and below it (the frame itself enlarged and blurred there would put a second,
 * blurred face in the picture); `then`, filters after it.
 */
const portraitOf = (then = "") => `[0:v]fps=30,scale=720:-2,pad=720:960:0:(oh-ih)/2:color=0x8a8f94${then}`;
const portrait = portraitOf();
/** H.264 + AAC, as an MP4 recorder writes them, the picture filtered by `filter` (a filter graph). */
const h264 = (input: string, filter: string) => [
  ...["-i", input, "-filter_complex", filter],
  ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p"],
  ...["-c:a", "aac", "-b:a", "96k"],
];

export const recorderVariants: Record<string, Variant | null> = {
  "as-made": null,
  "mp4-h264-30fps": {
    ext: "mp4",
    args: (input) => [...h264(input, "[0:v]scale=-2:720,fps=30"), "-movflags", "+faststart"],
  },
  "portrait-720x960": { ext: "webm", args: (input) => ["-i", input, "-filter_complex", portrait, ...vp8, ...opus] },
  "mp4-rotated": {
    ext: "mp4",
    // Stored turned 90° clockwise, with a display matrix of 90° (anticlockwise) that turns it back upright: players
    // and ffmpeg's decoder apply it. (ffmpeg 5.1 keeps the tag only on a stream copy: hence the second pass.)
    args: (input) => h264(input, portraitOf(",transpose=1")),
    retag: ["-metadata:s:v:0", "rotate=90", "-movflags", "+faststart"],
  },
  "dropped-frames": {
    ext: "webm",
    args: (input) => ["-i", input, "-vf", "select='gt(random(0),0.25)'", "-fps_mode", "vfr", ...vp8, "-c:a", "copy"],
  },
  "audio-late-200ms": {
    ext: "webm",
    args: (input) => ["-i", input, "-itsoffset", "0.2", "-i", input, "-map", "0:v", "-map", "1:a", "-c:v", "copy", ...opus],
  },
  "audio-early-150ms": {
    ext: "webm",
    args: (input) => ["-i", input, "-itsoffset", "-0.15", "-i", input, "-map", "0:v", "-map", "1:a", "-c:v", "copy", ...opus],
  },
  "dim-noisy": {
    ext: "webm",
    args: (input) => ["-i", input, "-vf", "eq=brightness=-0.12:contrast=0.85,noise=alls=10:allf=t", ...vp8, "-c:a", "copy"],
  },
  "started-late-300ms": { ext: "webm", args: (input) => ["-ss", "0.3", "-i", input, ...vp8, ...opus] },
  "started-early-400ms": {
    ext: "webm",
    args: (input) => ["-i", input, "-vf", "tpad=start_duration=0.4:start_mode=clone", "-af", "adelay=400:all=1", ...vp8, ...opus],
  },
};

/** A video delivered as the variant `name` (made once, into dir/variants). */
export function deliveredAs(video: string, name: string, dir: string): string {
  const variant = recorderVariants[name];
  if (variant === undefined) throw new Error(`no variant ${name}`);
  if (!variant) return video;
  mkdirSync(path.join(dir, "variants"), { recursive: true });
  const out = path.join(dir, "variants", `${path.basename(video, ".webm")}-${name}.${variant.ext}`);
  if (existsSync(out)) return out;
  const ffmpeg = (args: string[]) =>
    execFileSync("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: "inherit" });
  const first = variant.retag ? `${out}.pass1.${variant.ext}` : out;
  ffmpeg([...variant.args(video), first]);
  if (variant.retag) {
    ffmpeg(["-i", first, "-map", "0", "-c", "copy", ...variant.retag, out]);
    rmSync(first);
  }
  return out;
}
