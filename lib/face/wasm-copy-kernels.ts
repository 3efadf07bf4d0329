// Two of TensorFlow.js' WebAssembly kernels that only copy numbers — Concat and Slice — made to copy them in plain
// loops. Theirs copy one typed-array view per run of the innermost axis (subarray + set), so that a run of 1 or 3
// numbers costs an allocation each: face-api's normalize() interleaves three [1,320,320,1] planes into RGB (the tiny
// detector's input, 102,400 runs of one number) and took 46 ms of a 110 ms video frame here; the landmark and
// recognition nets' inputs 5-12 ms each; cutting a face out of a 640×480 frame (Slice, runs of 3) 5-10 ms. The same
// numbers land in the same places (a copy is a copy): tests/integration/wasm-copy-kernels.test.ts compares them with
// the original kernels on every shape face-api asks for and on whole analyses. Strings, and shapes these loops were
// not written for, go to the original kernel.

type TypedArray = Float32Array | Int32Array | Uint8Array;
type TensorInfo = { dataId: object; shape: number[]; dtype: string };
type WasmBackend = {
  makeOutput: (shape: number[], dtype: string) => TensorInfo;
  typedArrayFromHeap: (t: TensorInfo) => TypedArray;
};
type KernelArgs = { inputs: unknown; backend: WasmBackend; attrs: Record<string, unknown> };
type KernelConfig = { kernelName: string; backendName: string; kernelFunc: (args: KernelArgs) => unknown };
export type KernelRegistry = {
  getKernel: (name: string, backend: string) => KernelConfig | undefined;
  unregisterKernel: (name: string, backend: string) => void;
  registerKernel: (config: KernelConfig) => void;
};

const size = (shape: readonly number[]) => shape.reduce((a, b) => a * b, 1);

/** Concat along `axis`: for each index of the axes before it, each input's block after it, in turn. */
function concat(original: KernelConfig["kernelFunc"]) {
  return (args: KernelArgs) => {
    const inputs = (args.inputs as TensorInfo[]).filter((t) => size(t.shape) > 0);
    const first = inputs[0];
    if (!first || inputs.length < 2 || first.dtype === "string") return original(args);
    const rank = first.shape.length;
    const axisAttr = args.attrs.axis;
    const axis = Array.isArray(axisAttr) ? Number(axisAttr[0]) : Number(axisAttr ?? 0);
    const at = axis < 0 ? axis + rank : axis;
    if (!Number.isInteger(at) || at < 0 || at >= rank) return original(args);
    const outShape = [...first.shape];
    outShape[at] = inputs.reduce((sum, t) => sum + t.shape[at]!, 0);
    const { backend } = args;
    const out = backend.makeOutput(outShape, first.dtype);
    const outer = size(first.shape.slice(0, at));
    const inner = inputs.map((t) => size(t.shape.slice(at)));
    const sources = inputs.map((t) => backend.typedArrayFromHeap(t));
    const target = backend.typedArrayFromHeap(out);
    const total = inner.reduce((a, b) => a + b, 0);
    // Input by input (a tight loop over the outer index for each), each into its columns of the output.
    let column = 0;
    for (let i = 0; i < sources.length; i++) {
      const n = inner[i]!;
      const source = sources[i]!;
      if (n >= 64) for (let b = 0; b < outer; b++) target.set(source.subarray(b * n, b * n + n), b * total + column);
      else if (n === 1) for (let b = 0, o = column; b < outer; b++, o += total) target[o] = source[b]!;
      else
        for (let b = 0; b < outer; b++) {
          const o = b * total + column;
          const from = b * n;
          for (let k = 0; k < n; k++) target[o + k] = source[from + k]!;
        }
      column += n;
    }
    return out;
  };
}

/** Slice of a rank-3 or rank-4 tensor (an image, a batch of images): each innermost run copied number by number. */
function slice(original: KernelConfig["kernelFunc"]) {
  return (args: KernelArgs) => {
    const x = (args.inputs as { x: TensorInfo }).x;
    const rank = x.shape.length;
    const begin = args.attrs.begin;
    const sizeAttr = args.attrs.size;
    if (x.dtype === "string" || (rank !== 3 && rank !== 4) || !Array.isArray(begin) || !Array.isArray(sizeAttr)) return original(args);
    if (begin.length !== rank || sizeAttr.length !== rank) return original(args);
    const from = begin.map(Number);
    const count = sizeAttr.map((s, d) => (Number(s) === -1 ? x.shape[d]! - from[d]! : Number(s)));
    if (
      from.some((b, d) => !Number.isInteger(b) || b < 0 || b + count[d]! > x.shape[d]!) ||
      count.some((c) => !Number.isInteger(c) || c < 0)
    )
      return original(args);
    const { backend } = args;
    const out = backend.makeOutput(count, x.dtype);
    // A view of the input on the heap, taken after the output is made (making it may grow, and so move, the heap);
    // theirs reads a copy of the whole input first (readSync), 3.7 MB for a frame.
    const source = backend.typedArrayFromHeap(x);
    const target = backend.typedArrayFromHeap(out);
    const shape4 = rank === 4 ? x.shape : [1, ...x.shape];
    const from4 = rank === 4 ? from : [0, ...from];
    const count4 = rank === 4 ? count : [1, ...count];
    const [s1, s2, s3] = [shape4[1]! * shape4[2]! * shape4[3]!, shape4[2]! * shape4[3]!, shape4[3]!];
    // Whole pixels (every channel): a row of the slice is one run; else a run per pixel.
    const wholePixels = from4[3] === 0 && count4[3] === shape4[3];
    const n = wholePixels ? count4[2]! * count4[3]! : count4[3]!;
    const columns = wholePixels ? 1 : count4[2]!;
    let o = 0;
    for (let a = 0; a < count4[0]!; a++)
      for (let i = 0; i < count4[1]!; i++)
        for (let j = 0; j < columns; j++) {
          const start = (from4[0]! + a) * s1 + (from4[1]! + i) * s2 + (from4[2]! + j) * s3 + from4[3]!;
          if (n >= 64) target.set(source.subarray(start, start + n), o);
          else for (let k = 0; k < n; k++) target[o + k] = source[start + k]!;
          o += n;
        }
    return out;
  };
}

/**
 * Replaces the WebAssembly backend's Concat and Slice kernels with the loops above (once per TensorFlow.js instance:
 * each face thread has its own); installing twice changes nothing.
 */
export function installCopyKernels(tf: KernelRegistry): void {
  for (const [name, make] of [
    ["Concat", concat],
    ["Slice", slice],
  ] as const) {
    const current = tf.getKernel(name, "wasm");
    if (!current || (current.kernelFunc as { rubricaCopyLoop?: boolean }).rubricaCopyLoop) continue;
    const kernelFunc = Object.assign(make(current.kernelFunc), { rubricaCopyLoop: true, original: current.kernelFunc });
    tf.unregisterKernel(name, "wasm");
    tf.registerKernel({ ...current, kernelFunc });
  }
}

/** Puts the original kernels back (for the tests that compare both). */
export function uninstallCopyKernels(tf: KernelRegistry): void {
  for (const name of ["Concat", "Slice"]) {
    const current = tf.getKernel(name, "wasm");
    const original = (current?.kernelFunc as { original?: KernelConfig["kernelFunc"] } | undefined)?.original;
    if (!current || !original) continue;
    tf.unregisterKernel(name, "wasm");
    tf.registerKernel({ ...current, kernelFunc: original });
  }
}
