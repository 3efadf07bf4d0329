// A real face's 3D mesh from a photo: @vladmandic/human's facemesh (468 points with depth, and the triangulation
// that covers them), run on the TensorFlow.js WebAssembly backend with the models the package ships. Test media
// only (tests/media/render-head.ts, the browser's honest camera): the product's checks use face-api.
//
// Three workarounds, measured here (DESIGN.md §5): the package's `exports` map lacks "./", so its Node WebAssembly
// bundle is required by path; tfjs loads file:// URLs only with tfjs-node (which cannot install here), so model
// files are served from disk by a fetch that reads them; wasmPath points at the local tfjs-backend-wasm dist/.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Picture } from "./media-kit";

const require = createRequire(import.meta.url);

type HumanResult = { face: { mesh: [number, number, number][]; score: number; box: [number, number, number, number] }[] };
type Human = {
  load: () => Promise<void>;
  detect: (input: unknown) => Promise<HumanResult>;
  tf: { tensor4d: (data: Uint8Array, shape: number[], dtype: string) => { dispose: () => void } };
  faceTriangulation: number[];
};

let loaded: Promise<Human> | undefined;

/** human.node-wasm.js, the WebAssembly backend, models from the package's models/ folder; once per process. */
export function loadHuman(): Promise<Human> {
  loaded ??= (async () => {
    const humanDir = path.resolve(path.dirname(require.resolve("@vladmandic/human")), "..");
    const wasmDir = path.join(path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm/package.json")), "dist");
    const modelDir = path.join(humanDir, "models");
    const platformFetch = globalThis.fetch;
    // Human fetches its models; only file:// URLs under its models folder are answered from disk.
    globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith("file://")) return platformFetch(input, init);
      const file = path.resolve(decodeURIComponent(url.slice("file://".length)));
      if (!file.startsWith(modelDir + path.sep)) return new Response(null, { status: 404 });
      const body = await readFile(file);
      return new Response(body, { headers: { "content-type": file.endsWith(".json") ? "application/json" : "application/octet-stream" } });
    }) as typeof fetch;
    const { Human } = require(path.join(humanDir, "dist", "human.node-wasm.js")) as { Human: new (config: object) => Human };
    const human = new Human({
      backend: "wasm",
      wasmPath: `${wasmDir}${path.sep}`,
      modelBasePath: `file://${modelDir}/`,
      debug: false,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 1 },
        mesh: { enabled: true },
        iris: { enabled: false },
        attention: { enabled: false },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    });
    await human.load();
    return human;
  })();
  return loaded;
}

export type FaceMesh = {
  /** 468 points: x, y in the picture's pixels, z depth in human's units (smaller = nearer the camera). */
  points: [number, number, number][];
  /** Triangles as triples of point indices (human's faceTriangulation, 880 triangles). */
  triangles: number[];
};

/** The mesh of the one face in `picture`, or null when human finds none. */
export async function faceMesh(picture: Picture): Promise<FaceMesh | null> {
  const human = await loadHuman();
  const tensor = human.tf.tensor4d(picture.data, [1, picture.height, picture.width, 3], "int32");
  try {
    const result = await human.detect(tensor);
    const face = result.face[0];
    if (!face || face.mesh.length !== 468) return null;
    return { points: face.mesh.map(([x, y, z]) => [x, y, z]), triangles: [...human.faceTriangulation] };
  } finally {
    tensor.dispose();
  }
}

/**
 * Point indices of the canonical face mesh (MediaPipe's numbering, which human keeps): the face's outline (the
 * mesh's outer boundary, clockwise from the chin's left), the inner edge of the lips (the mesh leaves the mouth
 * open: it is a hole), the upper and lower eyelids (matching pairs, outer corner to inner), and a few landmarks.
 */
export const meshIndex = {
  outline: [
    136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361, 323, 454, 356, 389, 251, 284, 332, 297, 338, 10, 109, 67, 103, 54,
    21, 162, 127, 234, 93, 132, 58, 172,
  ],
  innerLips: [14, 87, 178, 88, 95, 78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317],
  upperInnerLip: [191, 80, 81, 82, 13, 312, 311, 310, 415],
  lowerLip: [87, 178, 88, 95, 14, 317, 402, 318, 324, 146, 91, 181, 84, 17, 314, 405, 321, 375, 77, 90, 180, 85, 16, 315, 404, 320, 307],
  mouthCorners: [78, 308, 61, 291, 62, 292, 76, 306],
  upperLids: [
    [246, 161, 160, 159, 158, 157, 173],
    [466, 388, 387, 386, 385, 384, 398],
  ],
  lowerLids: [
    [7, 163, 144, 145, 153, 154, 155],
    [249, 390, 373, 374, 380, 381, 382],
  ],
  noseTip: 1,
  cheekLeft: 234,
  cheekRight: 454,
} as const;
