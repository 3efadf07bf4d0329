import "dotenv/config";
import { availableParallelism } from "node:os";
import { Queue, Worker } from "bullmq";
import { env } from "@/lib/config/env";
import { startFaceThreads, warmFaceEngine } from "@/lib/face/face-engine";
import { queueConnection } from "@/lib/queue/connection";
import { closeProducers } from "@/lib/queue/enqueue";
import { queueConcurrency, queueNames, schedules, jobs } from "@/lib/queue/jobs";
import { runWorkerJob } from "@/lib/queue/worker-job";
import { errorFields, logger } from "@/lib/log/logger";
import { installProcessGuards } from "@/lib/runtime/process-guards";
import { startHeartbeat } from "@/lib/health/heartbeat";
import { observeJob, workerMetricsSnapshot } from "@/lib/health/metrics";
import { redis } from "@/lib/queue/redis";

// The worker process: one BullMQ worker per queue, every job handled by lib/ through runJob, in the log context of
// the request that caused it (lib/queue/worker-job.ts). SIGINT/SIGTERM let running jobs finish before the process exits.

const log = () => logger("worker");

async function main() {
  installProcessGuards("worker");
  const connection = queueConnection();
  const workers = queueNames.map(
    (queue) =>
      new Worker(queue, runWorkerJob, {
        connection: queueConnection(),
        concurrency: queueConcurrency[queue] ?? 2,
        // A killed worker's active jobs are taken back (stalled) once their lock lapses.
        lockDuration: env().WORKER_LOCK_MS,
        stalledInterval: env().WORKER_LOCK_MS,
      }),
  );
  for (const worker of workers) {
    worker.on("stalled", (jobId) => log().warn({ queue: worker.name, jobId }, "job stalled; taken back to run again"));
    worker.on("completed", (job) => observeJob(job, "completed"));
    worker.on("failed", (job) => observeJob(job, "failed"));
  }
  // Alive for /api/ready, with this process's job metrics for /api/metrics (lib/health/heartbeat.ts).
  const stopHeartbeat = startHeartbeat(redis(), queueNames, workerMetricsSnapshot);

  // The repeating jobs live in Redis, which keeps nothing on disk here: after a Redis restart they are
  // registered again (upserts, so never twice), and the reconcile sweep among them re-queues from the
  // database whatever work the restart dropped.
  const scheduleQueues = [...new Set(schedules.map((schedule) => jobs[schedule.name].queue))].map(
    (name) => new Queue(name, { connection }),
  );
  const registerSchedules = async () => {
    for (const schedule of schedules) {
      const queue = scheduleQueues.find((candidate) => candidate.name === jobs[schedule.name].queue)!;
      await queue.upsertJobScheduler(schedule.name, { every: schedule.everyMs }, { name: schedule.name, data: {} });
    }
  };
  await registerSchedules();
  connection.on("ready", () => {
    registerSchedules().catch((error: unknown) => log().error(errorFields(error), "could not register the repeating jobs"));
  });
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

  const stop = async () => {
    await stopHeartbeat();
    await Promise.all(workers.map((w) => w.close()));
    await Promise.all(scheduleQueues.map((queue) => queue.close()));
    await closeProducers();
    connection.disconnect();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  log().fatal(errorFields(error), "failed to start");
  process.exit(1);
});
