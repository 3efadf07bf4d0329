import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipmentJobs, shipmentsQueue } from "@/lib/documents/shipment-jobs";
import { queueConnection } from "@/lib/queue/connection";
import { PayloadError } from "@/lib/queue/define-job";
import { closeProducers, enqueueJobs } from "@/lib/queue/enqueue";
import { startWorkers, type StartedWorkers } from "@/workers/start";
import { changes, scrapeMetrics } from "../support/metrics";
import { until } from "../support/worker-process";

// A job's payload is checked by its definition: refused when enqueued, and a stored job whose payload its schema
// refuses (queued by an older release, written by hand) fails at once instead of being retried.

const queueName = "maintenance";
let queue: Queue;
let shipments: Queue;
let workers: StartedWorkers;
// The worker beats every second here, so its job metrics reach /api/metrics (they travel with the beat) within seconds.
const beatBefore = process.env.WORKER_HEARTBEAT_MS;

beforeAll(async () => {
  queue = new Queue(queueName, { connection: queueConnection() });
  shipments = new Queue(shipmentsQueue, { connection: queueConnection() });
  await queue.obliterate({ force: true });
  process.env.WORKER_HEARTBEAT_MS = "1000";
  workers = await startWorkers({ queues: [queueName], heartbeat: true });
  await workers.ready();
});

afterAll(async () => {
  await workers.close();
  if (beatBefore === undefined) delete process.env.WORKER_HEARTBEAT_MS;
  else process.env.WORKER_HEARTBEAT_MS = beatBefore;
  await queue.obliterate({ force: true });
  await queue.close();
  await shipments.close();
  await closeProducers();
});

/**
 * Queues a job as it is stored, past any definition: three attempts, 10 ms apart. Returns it once failed for good,
 * with how /api/metrics's failure counter grew meanwhile (by queue and job) once the worker's next beat brought it.
 */
async function stored(name: string, data: Record<string, unknown>, expectedFailures: number) {
  const jobId = `job-definitions-${name}-${Date.now()}`;
  const before = await scrapeMetrics();
  await enqueueJobs([{ queue: queueName, name, data, options: { jobId, attempts: 3, backoff: { type: "fixed", delay: 10 } } }]);
  await until(async () => (await queue.getJobState(jobId)) === "failed", 20, 15_000);
  let failures: Record<string, number> = {};
  await until(
    async () => {
      failures = changes(before, await scrapeMetrics(), "rubrica_job_failures_total");
      return Object.values(failures).reduce((sum, by) => sum + by, 0) >= expectedFailures;
    },
    200,
    15_000,
  ).catch(() => undefined);
  return { job: (await queue.getJob(jobId))!, failures };
}

describe("job payloads", () => {
  it("an invalid payload is refused at enqueue: nothing is queued", async () => {
    await expect(shipmentJobs.deliverInvitation.enqueue({ deliveryId: -5 })).rejects.toThrow(PayloadError);
    expect(await shipments.getJob("delivery--5")).toBeUndefined();
  });

  it("a stored job whose payload its schema refuses fails on its first run, without retry", async () => {
    const { job, failures } = await stored("maintenance.purge-expired-auth", { extra: 1 }, 1);
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/^Invalid payload for job maintenance\.purge-expired-auth: \(root\) /);
    expect(failures).toEqual({ '{queue="maintenance",job="maintenance.purge-expired-auth"}': 1 });
  });

  it("while a job that fails otherwise is retried (here: a name this worker does not know)", async () => {
    const { job, failures } = await stored("maintenance.no-such-job", {}, 3);
    expect(job.attemptsMade).toBe(3);
    expect(job.failedReason).toBe("Unknown job maintenance.no-such-job");
    // Each failed attempt counts.
    expect(failures).toEqual({ '{queue="maintenance",job="maintenance.no-such-job"}': 3 });
  });

  it("a valid stored job runs, the enqueuing request's id taken off before the schema", async () => {
    const jobId = `job-definitions-valid-${Date.now()}`;
    await enqueueJobs([
      { queue: queueName, name: "maintenance.purge-expired-auth", data: { _requestId: "0123456789abcdef" }, options: { jobId } },
    ]);
    await until(async () => (await queue.getJobState(jobId)) === "completed", 20, 15_000);
    expect((await queue.getJob(jobId))!.returnvalue).toMatchObject({ endedSessions: expect.any(Number) });
  });
});
