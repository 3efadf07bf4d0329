// Checks a rendered or attack video with the product's face engine (lib/face/face-engine.ts, face-api): a face in
// every sampled frame, its distance to the source photo's face against face_match_threshold, and the head's yaw
// as the landmarks show it (the nose tip's shift from the eyes' midline, in face widths, relative to the first
// frame; + = towards the image's right, a turn to the person's left).
//
//   npx tsx tests/media/check-media.ts --video FILE.webm --face PHOTO [--fps 5]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { configDefaults } from "@/lib/config/values";
import { detectFaces, faceDistance } from "@/lib/face/face-engine";
import { isMain } from "./media-kit";

type Point = { x: number; y: number };

/** The nose tip's offset from the eyes' midline, in face widths (jaw 0 to jaw 16), from face-api's 68 points. */
export function noseOffset(landmarks: Point[]): number {
  const mean = (points: Point[]) => ({
    x: points.reduce((s, p) => s + p.x, 0) / points.length,
    y: points.reduce((s, p) => s + p.y, 0) / points.length,
  });
  const eyes = mean([...landmarks.slice(36, 48)]);
  const width = Math.hypot(landmarks[16]!.x - landmarks[0]!.x, landmarks[16]!.y - landmarks[0]!.y);
  return (landmarks[30]!.x - eyes.x) / width;
}

export type FrameCheck = { ms: number; faces: number; distance: number | null; yaw: number | null };

/** Every frame at `fps` of the video, each with its face count, distance to `photo`'s face and the nose's offset. */
export async function checkVideo(video: string, photo: Uint8Array, fps = 5): Promise<FrameCheck[]> {
  const reference = (await detectFaces(photo)).faces[0];
  if (!reference) throw new Error("No face in the reference photo");
  const dir = mkdtempSync(path.join(tmpdir(), "rubrica-check-"));
  try {
    execFileSync("ffmpeg", ["-loglevel", "error", "-i", video, "-vf", `fps=${fps}`, path.join(dir, "%04d.png")]);
    const checks: FrameCheck[] = [];
    let baseline: number | null = null;
    for (const [index, name] of readdirSync(dir).sort().entries()) {
      const { faces } = await detectFaces(readFileSync(path.join(dir, name)));
      const face = faces[0];
      const offset = face ? noseOffset(face.landmarks) : null;
      baseline ??= offset;
      checks.push({
        ms: Math.round(((index + 0.5) * 1000) / fps),
        faces: faces.length,
        distance: face ? faceDistance(face.descriptor, reference.descriptor) : null,
        yaw: offset === null || baseline === null ? null : offset - baseline,
      });
    }
    return checks;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({ options: { video: { type: "string" }, face: { type: "string" }, fps: { type: "string", default: "5" } } });
  if (!values.video || !values.face) {
    console.error("Usage: npx tsx tests/media/check-media.ts --video FILE.webm --face PHOTO [--fps 5]");
    process.exit(2);
  }
  const checks = await checkVideo(values.video, readFileSync(values.face), Number(values.fps));
  const threshold = Number(configDefaults.face_match_threshold);
  for (const check of checks) {
    console.log(
      `${String(check.ms).padStart(5)} ms  faces ${check.faces}  distance ${check.distance?.toFixed(3) ?? "-"}  yaw ${check.yaw === null ? "-" : check.yaw.toFixed(3)}`,
    );
  }
  const distances = checks.flatMap((c) => (c.distance === null ? [] : [c.distance]));
  const yaws = checks.flatMap((c) => (c.yaw === null ? [] : [c.yaw]));
  console.log(
    JSON.stringify({
      frames: checks.length,
      framesWithOneFace: checks.filter((c) => c.faces === 1).length,
      maxDistance: Math.max(...distances),
      threshold,
      yawRange: [Math.min(...yaws), Math.max(...yaws)],
    }),
  );
}

if (isMain(import.meta.url)) await main();
