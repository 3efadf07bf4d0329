import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectFaces, type FaceAnalysis, faceEngine } from "@/lib/face/face-engine";
import { realFaces } from "../support/test-media";

/**
 * SSD MobileNet v1 with its layers fused (lib/face/fused-ssd.ts) finds what face-api's own pass finds: the same faces,
 * scores and boxes, the same landmarks and descriptors — on one person's photos, other people's, and face-api's group
 * photos (several faces each, small and turned ones among them). If a face-api update changes the net's parameters,
 * the engine falls back to face-api's pass and the first test says so.
 */
const { franck, haveFaces, offline, read } = realFaces(4, "the fused detector is compared with face-api's on real faces");
const demo = path.join(path.dirname(createRequire(import.meta.url).resolve("@vladmandic/face-api/package.json")), "demo");
const groups = ["sample1.jpg", "sample2.jpg", "sample3.jpg", "sample6.jpg"].map((file) => path.join(demo, file));

type Net = { forwardInput: unknown };

/** Runs `analyse` with face-api's own forward pass (the prototype's), then puts the fused one back. */
async function withFaceApisPass<T>(analyse: () => Promise<T>): Promise<T> {
  const { faceapi } = await faceEngine();
  const net = faceapi.nets.ssdMobilenetv1 as unknown as Net;
  const fused = net.forwardInput;
  Reflect.deleteProperty(net, "forwardInput");
  try {
    expect(net.forwardInput).not.toBe(fused);
    return await analyse();
  } finally {
    net.forwardInput = fused;
  }
}

function expectSameAnalysis(fused: FaceAnalysis, own: FaceAnalysis) {
  expect(fused.faces.length).toBe(own.faces.length);
  expect(fused.ignored.length).toBe(own.ignored.length);
  fused.faces.forEach((face, i) => {
    const other = own.faces[i]!;
    expect(Math.abs(face.score - other.score)).toBeLessThan(1e-4);
    for (const side of ["x", "y", "width", "height"] as const) expect(Math.abs(face.box[side] - other.box[side])).toBeLessThanOrEqual(0.1);
    const distance = Math.hypot(...face.descriptor.map((v, k) => v - other.descriptor[k]!));
    expect(distance).toBeLessThan(1e-3);
    face.landmarks.forEach((point, k) =>
      expect(Math.hypot(point.x - other.landmarks[k]!.x, point.y - other.landmarks[k]!.y)).toBeLessThan(0.05),
    );
  });
}

describe.skipIf(!haveFaces)(`SSD with fused layers${haveFaces ? "" : ` (${offline})`}`, () => {
  it("is installed on the engine", async () => {
    expect((await faceEngine()).fusedSsd).toBe(true);
  }, 120_000);

  it("finds the same faces as face-api's own pass, with the same landmarks and descriptors", async () => {
    const images = [
      ...franck.slice(0, 4).map((file) => read(file)),
      read("audrey.jpg"),
      read("cage.jpg"),
      ...groups.map((file) => readFileSync(file)),
    ];
    let faces = 0;
    for (const image of images) {
      for (const minScore of [0.5, 0.3]) {
        const fused = await detectFaces(new Uint8Array(image), { minScore });
        const own = await withFaceApisPass(() => detectFaces(new Uint8Array(image), { minScore }));
        expectSameAnalysis(fused, own);
        faces += fused.faces.length;
      }
    }
    // The group photos bring several faces each: the comparison is not of one face per photo only.
    expect(faces).toBeGreaterThanOrEqual(2 * (images.length + 6));
  }, 300_000);

  it("finds the same faces on a recording's frame where the tiny detector found none (SSD behind it)", async () => {
    // bill-murray-snl_crop.jpg: a face the tiny detector misses at 320 px and SSD finds.
    const frame = new Uint8Array(read("bill-murray-snl_crop.jpg"));
    const { faceapi } = await faceEngine();
    const sharp = (await import("sharp")).default;
    const { data, info } = await sharp(frame).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const tensor = faceapi.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], "int32");
    try {
      const tiny = await faceapi.detectAllFaces(
        tensor as never,
        new faceapi.TinyFaceDetectorOptions({ inputSize: 320, scoreThreshold: 0.5 }),
      );
      expect(tiny).toHaveLength(0);
    } finally {
      tensor.dispose();
    }
    const fused = await detectFaces(frame, { detector: "video" });
    expect(fused.faces).toHaveLength(1);
    const own = await withFaceApisPass(() => detectFaces(frame, { detector: "video" }));
    expectSameAnalysis(fused, own);
  }, 120_000);
});
