// Server-side face check cost (lib/face/face-engine.ts): loading TensorFlow's WebAssembly backend and
// the three models once, then per image: decode with sharp + SSD MobileNet detection + 68 landmarks +
// 128-number descriptor; and a full check (selfie + ID photo + distance). Uses the real face photos
// of tests/support/test-media.ts (fetched once with npm pack). No database, no network otherwise.
// Run: npx tsx bench/face-check.ts [rounds]
import { availableParallelism } from "node:os";
import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { detectFaces, faceDistance, faceEngine } from "@/lib/face/face-engine";
import { ensureFaceMedia, faceMediaFiles } from "../tests/support/test-media";

const rounds = Number(process.argv[2] ?? 3);

function stats(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((sum, x) => sum + x, 0) / samples.length;
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(
    `${label.padEnd(44)} mean ${mean.toFixed(0).padStart(5)} ms   p50 ${p(0.5).toFixed(0).padStart(5)} ms   p95 ${p(0.95).toFixed(0).padStart(5)} ms   (${samples.length} runs)`,
  );
}

async function main() {
  const media = ensureFaceMedia();
  const franck = faceMediaFiles().sort();
  if (!media || franck.length === 0) {
    console.log("The face photos could not be fetched (offline?): nothing to measure.");
    return;
  }
  const others = ["audrey.jpg", "cage.jpg", "bieber_small.jpg", "bill-murray-snl_crop.jpg"].map((f) => path.join(media, f));
  const images = [...franck, ...others].map((file) => ({ file, bytes: readFileSync(file) }));
  console.log(`cores ${availableParallelism()}, node ${process.version}, ${images.length} photos, ${rounds} rounds`);

  const loadStarted = performance.now();
  const engine = await faceEngine();
  console.log(
    `${"engine load (wasm backend + 3 models)".padEnd(44)} ${(performance.now() - loadStarted).toFixed(0)} ms   backend ${engine.backend}`,
  );

  const first = performance.now();
  await detectFaces(images[0]!.bytes);
  console.log(`${"first image (warm-up)".padEnd(44)} ${(performance.now() - first).toFixed(0)} ms`);

  const perImage: number[] = [];
  const modelOnly: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const image of images) {
      const started = performance.now();
      const analysis = await detectFaces(image.bytes);
      perImage.push(performance.now() - started);
      modelOnly.push(analysis.ms);
    }
  }
  stats("per image: decode + detect + describe", perImage);
  stats("per image: models only", modelOnly);

  // A whole check: both photos analysed, then the distance (what the job does besides storage and SQL).
  const checks: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (let i = 1; i < franck.length; i++) {
      const started = performance.now();
      const [selfie, target] = [await detectFaces(images[i]!.bytes), await detectFaces(images[0]!.bytes)];
      faceDistance(selfie.faces[0]!.descriptor, target.faces[0]!.descriptor);
      checks.push(performance.now() - started);
    }
  }
  stats("per check: selfie + ID photo + distance", checks);
  const { rss, heapUsed } = process.memoryUsage();
  console.log(`${"memory after".padEnd(44)} rss ${(rss / 1024 / 1024).toFixed(0)} MiB, heap ${(heapUsed / 1024 / 1024).toFixed(0)} MiB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
