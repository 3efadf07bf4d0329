import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipmentJobs, shipmentsQueue } from "@/lib/documents/shipment-jobs";
import { queueConnection } from "@/lib/queue/connection";
import { PayloadError } from "@/lib/queue/define-job";
import { closeProducers, enqueueJobs } from "@/lib/queue/enqueue";
import { startWorkers, type StartedWorkers } from "@/workers/start";
import { until } from "../support/worker-process";

// A job's payload is checked by its definition: refused when enqueued, and a stored job whose payload its schema
// refuses (queued by an older release, written by hand) fails at once instead of being retried.

const queueName = "maintenance";
let queue: Queue;
let shipments: Queue;
let workers: StartedWorkers;

beforeAll(async () => {
  queue = new Queue(queueName, { connection: queueConnection() });
  shipments = new Queue(shipmentsQueue, { connection: queueConnection() });
  await queue.obliterate({ force: true });
  workers = await startWorkers({ queues: [queueName] });
  await workers.ready();
});

afterAll(async () => {
  await workers.close();
  await queue.obliterate({ force: true });
  await queue.close();
  await shipments.close();
  await closeProducers();
});

/** Queues a job as it is stored, past any definition: three attempts, 10 ms apart. */
async function stored(name: string, data: Record<string, unknown>) {
  const jobId = `job-definitions-${name}-${Date.now()}`;
  await enqueueJobs([{ queue: queueName, name, data, options: { jobId, attempts: 3, backoff: { type: "fixed", delay: 10 } } }]);
  await until(async () => (await queue.getJobState(jobId)) === "failed", 20, 15_000);
  return (await queue.getJob(jobId))!;
}

describe("job payloads", () => {
  it("an invalid payload is refused at enqueue: nothing is queued", async () => {
    await expect(shipmentJobs.deliverInvitation.enqueue({ deliveryId: -5 })).rejects.toThrow(PayloadError);
    expect(await shipments.getJob("delivery--5")).toBeUndefined();
  });

  it("a stored job whose payload its schema refuses fails on its first run, without retry", async () => {
    const job = await stored("maintenance.purge-expired-auth", { extra: 1 });
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/^Invalid payload for job maintenance\.purge-expired-auth: \(root\) /);
  });

  it("while a job that fails otherwise is retried (here: a name this worker does not know)", async () => {
    const job = await stored("maintenance.no-such-job", {});
    expect(job.attemptsMade).toBe(3);
    expect(job.failedReason).toBe("Unknown job maintenance.no-such-job");
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
