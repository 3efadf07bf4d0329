import { parentPort } from "node:worker_threads";
import { analysePixels, type DetectOptions, type FacePixels, type FaceThreadMessage, warmFaceEngine } from "./face-engine";

// One thread of the face engine's pool (startFaceThreads in lib/face/face-engine.ts): its own
// TensorFlow.js WebAssembly engine, loaded and warmed at start, then the analyses it is sent, one at
// a time, answered with the same figures analysePixels gives on the main thread.

const port = parentPort!;
const send = (message: FaceThreadMessage) => port.postMessage(message);

warmFaceEngine().then(
  (ready) => {
    port.on("message", ({ id, pixels, options }: { id: number; pixels: FacePixels; options: DetectOptions }) => {
      analysePixels(pixels, options).then(
        (analysis) => send({ id, analysis }),
        (error: unknown) => send({ id, analysis: null, error: error instanceof Error ? error.message : String(error) }),
      );
    });
    send({ ready });
  },
  (error: unknown) => send({ ready: null, error: error instanceof Error ? error.message : String(error) }),
);
