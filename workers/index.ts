import "dotenv/config";
import { availableParallelism } from "node:os";
import { env } from "@/lib/config/env";
import { startFaceThreads, stopFaceThreads, warmFaceEngine } from "@/lib/face/face-engine";
import { errorFields, logger } from "@/lib/log/logger";
import { closeProducers } from "@/lib/queue/enqueue";
import { installProcessGuards } from "@/lib/runtime/process-guards";
import { queueNames } from "./registry";
import { startWorkers } from "./start";

// The worker process: one BullMQ worker per queue (workers/start.ts), every job of workers/registry.ts. SIGINT/SIGTERM
// let running jobs finish before the process exits.

const log = () => logger("worker");

async function main() {
  installProcessGuards("worker");
  const started = await startWorkers({ schedules: true, heartbeat: true });
  log().info({ queues: queueNames }, "listening");
  // The face models loaded now rather than by the first face check (which then took ~10 s), on one thread per core
  // (issue 14 item 5: a recording's frames, a selfie and its ID photo are analysed side by side); a failure here is
  // only logged: the checks then load them on this thread on first use.
  const faceThreads = env().FACE_THREADS ?? Math.min(4, availableParallelism());
  (faceThreads > 0 ? startFaceThreads(faceThreads) : warmFaceEngine().then((warm) => ({ threads: 0, ...warm }))).then(
    ({ threads, loadMs, warmMs }) => {
      if (threads === 0 && faceThreads > 0) {
        log().error({ wanted: faceThreads }, "no face thread started; faces are analysed on the main thread");
        return warmFaceEngine();
      }
      log().info({ threads, loadMs, warmMs }, "face engine ready (models loaded, first detection made)");
    },
    (error: unknown) => log().error(errorFields(error), "face engine not loaded at start"),
  );

  // Running jobs may finish, for as long as a lock lasts (past it they would run again elsewhere anyway); a second
  // signal, or Redis gone so that the queues cannot be closed, must not keep the process alive forever.
  let stopping = false;
  const stop = async () => {
    if (stopping) {
      log().warn("second stop signal: exiting now; running jobs run again once their lock lapses");
      process.exit(1);
    }
    stopping = true;
    setTimeout(() => {
      log().error(
        { waitedMs: env().WORKER_LOCK_MS },
        "running jobs did not finish in time; exiting (they run again once their lock lapses)",
      );
      process.exit(1);
    }, env().WORKER_LOCK_MS).unref();
    await started.close();
    // No job runs any more: the face engine's threads and the producers' connections go too.
    await Promise.all([stopFaceThreads(), closeProducers()]);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  log().fatal(errorFields(error), "failed to start");
  process.exit(1);
});
