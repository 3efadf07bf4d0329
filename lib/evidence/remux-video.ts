import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What became of a recording on its way to storage. */
export type RemuxResult = { bytes: Uint8Array; remuxed: true } | { bytes: Uint8Array; remuxed: false; note: string };

const remuxTimeoutMs = 30_000;

type Run = { ok: true } | { ok: false; missing: boolean; reason: string };

function run(command: string, args: string[], timeout: number): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout, killSignal: "SIGKILL", maxBuffer: 1024 * 1024, windowsHide: true }, (error, _stdout, stderr) => {
      if (!error) resolve({ ok: true });
      else if ((error as NodeJS.ErrnoException).code === "ENOENT") resolve({ ok: false, missing: true, reason: "ffmpeg-missing" });
      else if (error.killed) resolve({ ok: false, missing: false, reason: "ffmpeg-failed: timed out" });
      else
        resolve({
          ok: false,
          missing: false,
          reason: `ffmpeg-failed: ${String(stderr).trim().slice(0, 300) || `exit ${String(error.code)}`}`,
        });
    });
  });
}

/**
 * A browser's MediaRecorder writes WebM without a duration (it streams, and never goes back to
 * fill it in), so players cannot seek it and reviewers cannot see how long it is. Copying the
 * streams into a new WebM with ffmpeg writes the duration and cues without re-encoding. The input
 * is forced to Matroska/WebM and to the file protocol, so a crafted upload cannot make ffmpeg read
 * anything else. When ffmpeg is missing or fails, the original is kept and the reason noted.
 */
export async function remuxWebm(original: Uint8Array, ffmpeg = "ffmpeg"): Promise<RemuxResult> {
  const dir = await mkdtemp(join(tmpdir(), "rubrica-video-"));
  try {
    const input = join(dir, "in.webm");
    const output = join(dir, "out.webm");
    await writeFile(input, original);
    const args = [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "error",
      "-protocol_whitelist",
      "file",
      "-f",
      "matroska",
      "-i",
      input,
      "-map",
      "0",
      "-c",
      "copy",
      "-f",
      "webm",
      "-y",
      output,
    ];
    const outcome = await run(ffmpeg, args, remuxTimeoutMs);
    if (!outcome.ok) return { bytes: original, remuxed: false, note: outcome.reason };
    const bytes = new Uint8Array(await readFile(output));
    if (bytes.byteLength === 0) return { bytes: original, remuxed: false, note: "ffmpeg-failed: empty output" };
    return { bytes, remuxed: true };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
