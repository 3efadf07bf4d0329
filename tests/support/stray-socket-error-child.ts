// Run by tests/integration/stray-errors.test.ts in a process of its own, as the worker is set up:
// the process guards installed, the face engine (TensorFlow.js on WebAssembly) loaded. Then a socket
// that nobody listens to fails (the peer resets it), which is an uncaught 'error' event. The process
// must go on: it reports what it saw on stdout as one JSON line and exits 0.
import { connect, createServer, type AddressInfo } from "node:net";
import sharp from "sharp";
import { detectFaces, faceEngine } from "@/lib/face/face-engine";
import { installProcessGuards } from "@/lib/runtime/process-guards";

const guards = process.argv.includes("--guards");
if (guards) installProcessGuards("stray-test");
const handlers = () => process.listeners("uncaughtException").length + process.listeners("unhandledRejection").length;
const handlersBefore = handlers();
await faceEngine();
const handlersAfter = handlers();

if (process.argv.includes("--reset")) await strayReset();

async function strayReset(): Promise<void> {
  const server = createServer((socket) => {
    socket.on("error", () => undefined);
    socket.resetAndDestroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // No 'error' listener on purpose: the reset becomes an uncaught exception.
  connect(port, "127.0.0.1");
  await new Promise((resolve) => setTimeout(resolve, 500));
  server.close();
}

const blank = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#808080" } })
  .png()
  .toBuffer();
const analysis = await detectFaces(blank);
console.log(JSON.stringify({ alive: true, handlersBefore, handlersAfter, facesOnBlank: analysis.faces.length }));
