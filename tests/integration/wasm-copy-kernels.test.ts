import { describe, expect, it } from "vitest";
import { detectFaces, type FaceAnalysis, faceEngine } from "@/lib/face/face-engine";
import { installCopyKernels, type KernelRegistry, uninstallCopyKernels } from "@/lib/face/wasm-copy-kernels";
import { realFaces } from "../support/test-media";

/**
 * The WebAssembly backend's Concat and Slice replaced by plain copying loops (lib/face/wasm-copy-kernels.ts): they must
 * give the original kernels' numbers exactly, on the shapes face-api asks for (RGB planes interleaved, a padded image,
 * a face cut out of a frame) and on others (any axis, negative axes, int32, a channel range), and whole analyses — a
 * photo's and a recording frame's — must not change by a bit.
 */
const { franck, haveFaces, offline, read } = realFaces(2, "whole analyses are compared on real faces");

type Tf = KernelRegistry & {
  tensor: (values: Float32Array | Int32Array, shape: number[], dtype: string) => { dispose: () => void };
  concat: (xs: unknown[], axis: number) => { dataSync: () => ArrayLike<number>; shape: number[]; dispose: () => void };
  slice: (x: unknown, begin: number[], size: number[]) => { dataSync: () => ArrayLike<number>; shape: number[]; dispose: () => void };
};

async function engineTf(): Promise<Tf> {
  return (await faceEngine()).faceapi.tf as unknown as Tf;
}

/** Runs `work` with the original kernels, then puts the copying loops back. */
async function withOriginalKernels<T>(work: () => Promise<T> | T): Promise<T> {
  const tf = await engineTf();
  uninstallCopyKernels(tf);
  try {
    return await work();
  } finally {
    installCopyKernels(tf);
  }
}

let seed = 1;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648) * 255 - 40;
function tensor(tf: Tf, shape: number[], dtype: "float32" | "int32") {
  const n = shape.reduce((a, b) => a * b, 1);
  const values = dtype === "int32" ? Int32Array.from({ length: n }, () => Math.round(random())) : Float32Array.from({ length: n }, random);
  return tf.tensor(values, shape, dtype);
}
const result = (t: { dataSync: () => ArrayLike<number>; shape: number[]; dispose: () => void }) => {
  const out = { shape: t.shape, values: Array.from(t.dataSync()) };
  t.dispose();
  return out;
};

const concats: { shapes: number[][]; axis: number; dtype: "float32" | "int32" }[] = [
  {
    shapes: [
      [1, 320, 320, 1],
      [1, 320, 320, 1],
      [1, 320, 320, 1],
    ],
    axis: 3,
    dtype: "float32",
  },
  {
    shapes: [
      [1, 112, 112, 1],
      [1, 112, 112, 1],
      [1, 112, 112, 1],
    ],
    axis: -1,
    dtype: "float32",
  },
  {
    shapes: [
      [1, 48, 64, 3],
      [1, 16, 64, 3],
    ],
    axis: 1,
    dtype: "int32",
  },
  {
    shapes: [
      [1, 2, 20, 3],
      [1, 18, 20, 3],
      [1, 2, 20, 3],
    ],
    axis: 1,
    dtype: "float32",
  },
  {
    shapes: [
      [1, 5, 7, 32],
      [1, 5, 7, 32],
    ],
    axis: 3,
    dtype: "float32",
  },
  {
    shapes: [
      [1, 5, 7, 3],
      [1, 5, 7, 100],
    ],
    axis: 3,
    dtype: "float32",
  },
  {
    shapes: [
      [2, 3],
      [4, 3],
    ],
    axis: 0,
    dtype: "int32",
  },
  {
    shapes: [
      [3, 2, 2],
      [3, 5, 2],
    ],
    axis: 1,
    dtype: "float32",
  },
  { shapes: [[7], [0], [9]], axis: 0, dtype: "float32" },
];
const slices: { shape: number[]; begin: number[]; size: number[]; dtype: "float32" | "int32" }[] = [
  { shape: [48, 64, 3], begin: [10, 20, 0], size: [20, 21, 3], dtype: "int32" },
  { shape: [48, 64, 3], begin: [0, 0, 1], size: [48, 64, 1], dtype: "int32" },
  { shape: [48, 64, 3], begin: [5, 3, 0], size: [-1, 10, -1], dtype: "float32" },
  { shape: [1, 40, 30, 4], begin: [0, 3, 4, 0], size: [1, 30, 20, 4], dtype: "float32" },
  { shape: [10, 10, 5, 5], begin: [0, 0, 0, 0], size: [10, 10, 5, 4], dtype: "float32" },
  { shape: [10, 10, 5, 5], begin: [0, 0, 0, 4], size: [10, 10, 5, 1], dtype: "float32" },
  { shape: [2, 6, 7, 80], begin: [1, 2, 3, 5], size: [1, 3, 3, 70], dtype: "float32" },
  { shape: [12, 9], begin: [2, 3], size: [5, 4], dtype: "int32" },
];

describe("Concat and Slice copying in plain loops", () => {
  it("are installed on the engine's WebAssembly backend", async () => {
    const tf = await engineTf();
    for (const name of ["Concat", "Slice"])
      expect((tf.getKernel(name, "wasm")?.kernelFunc as { rubricaCopyLoop?: boolean }).rubricaCopyLoop).toBe(true);
  }, 120_000);

  it("give the original kernels' numbers on every shape, axis and type tried", async () => {
    const tf = await engineTf();
    for (const c of concats) {
      const inputs = c.shapes.map((shape) => tensor(tf, shape, c.dtype));
      const ours = result(tf.concat(inputs, c.axis));
      const theirs = await withOriginalKernels(() => result(tf.concat(inputs, c.axis)));
      expect(ours, JSON.stringify(c)).toEqual(theirs);
      inputs.forEach((t) => t.dispose());
    }
    for (const s of slices) {
      const input = tensor(tf, s.shape, s.dtype);
      const ours = result(tf.slice(input, s.begin, s.size));
      const theirs = await withOriginalKernels(() => result(tf.slice(input, s.begin, s.size)));
      expect(ours, JSON.stringify(s)).toEqual(theirs);
      input.dispose();
    }
  }, 120_000);

  it.skipIf(!haveFaces)(
    `leave whole analyses unchanged to the last bit${haveFaces ? "" : ` (${offline})`}`,
    async () => {
      const figures = ({ ms: _ms, ...analysis }: FaceAnalysis) => ({
        ...analysis,
        faces: analysis.faces.map((face) => ({ ...face, descriptor: [...face.descriptor] })),
      });
      for (const file of [franck[0]!, "audrey.jpg"]) {
        const image = new Uint8Array(read(file));
        for (const options of [{}, { detector: "video" as const }, { detector: "video" as const, describe: false }]) {
          const ours = figures(await detectFaces(image, options));
          const theirs = figures(await withOriginalKernels(() => detectFaces(image, options)));
          expect(ours.faces.length).toBe(1);
          expect(ours).toEqual(theirs);
        }
      }
    },
    300_000,
  );
});
