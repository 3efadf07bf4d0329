import { Queue, Worker } from "bullmq";
import { env } from "@/lib/config/env";
import { startHeartbeat } from "@/lib/health/heartbeat";
import { observeJob, workerMetricsSnapshot } from "@/lib/health/metrics";
import { errorFields, logger } from "@/lib/log/logger";
import { queueConnection } from "@/lib/queue/connection";
import { redis } from "@/lib/queue/redis";
import { queueConcurrency, queueNames, registeredJobs, schedules } from "./registry";
import { runWorkerJob } from "./worker-job";

export type StartWorkersOptions = {
  /** The queues to work; all of them unless given (a test works the one it is about). */
  queues?: readonly string[];
  /** Registers the repeating jobs (the worker process does; tests that count on a quiet queue do not). */
  schedules?: boolean;
  /** Tells /api/ready this process is alive and sends its job metrics for /api/metrics. */
  heartbeat?: boolean;
};

export type StartedWorkers = {
  workers: readonly Worker[];
  /** The worker of one queue. */
  worker: (queue: string) => Worker;
  /** Resolves once every worker is connected and taking jobs. */
  ready: () => Promise<void>;
  /** Lets running jobs finish, then closes the workers and what they opened. */
  close: () => Promise<void>;
};

const log = () => logger("worker");

/**
 * One BullMQ worker per queue, every job handled through workers/registry.ts in the log context of the request that
 * caused it (workers/worker-job.ts). The worker process (workers/index.ts) and the tests that run jobs through a queue
 * start them here, so both run the same wiring.
 */
export async function startWorkers(options: StartWorkersOptions = {}): Promise<StartedWorkers> {
  const queues = options.queues ?? queueNames;
  // Every handler's modules before the first job is taken (define-job.ts `load`): none loads while holding a job's lock.
  await Promise.all(registeredJobs.filter((job) => queues.includes(job.queue)).map((job) => job.load?.()));
  const workers = queues.map(
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
  const stopHeartbeat = options.heartbeat ? startHeartbeat(redis(), queues, workerMetricsSnapshot) : async () => {};
  const stopSchedules = options.schedules ? await startSchedules(queues) : async () => {};

  return {
    workers,
    worker: (queue) => {
      const found = workers.find((worker) => worker.name === queue);
      if (!found) throw new Error(`No worker started for queue ${queue}`);
      return found;
    },
    ready: async () => {
      await Promise.all(workers.map((worker) => worker.waitUntilReady()));
    },
    close: async () => {
      await stopHeartbeat();
      await Promise.all(workers.map((worker) => worker.close()));
      await stopSchedules();
    },
  };
}

/**
 * The repeating jobs live in Redis, which keeps nothing on disk here: after a Redis restart they are registered again
 * (upserts, so never twice), and the reconcile sweep among them re-queues from the database whatever work the restart
 * dropped.
 */
async function startSchedules(queues: readonly string[]): Promise<() => Promise<void>> {
  const connection = queueConnection();
  const mine = schedules.filter((schedule) => queues.includes(schedule.queue));
  const scheduleQueues = [...new Set(mine.map((schedule) => schedule.queue))].map((name) => new Queue(name, { connection }));
  const registerSchedules = async () => {
    for (const schedule of mine) {
      const queue = scheduleQueues.find((candidate) => candidate.name === schedule.queue)!;
      await queue.upsertJobScheduler(schedule.name, { every: schedule.everyMs }, { name: schedule.name, data: {} });
    }
  };
  await registerSchedules();
  connection.on("ready", () => {
    registerSchedules().catch((error: unknown) => log().error(errorFields(error), "could not register the repeating jobs"));
  });
  return async () => {
    await Promise.all(scheduleQueues.map((queue) => queue.close()));
    connection.disconnect();
  };
}
