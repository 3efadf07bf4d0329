import { Queue, type JobsOptions } from "bullmq";
import { currentRequestId } from "@/lib/log/logger";
import { queueConnection } from "@/lib/queue/connection";

// One producer Queue per queue name for the whole process (web app or worker); the job definitions name them.
const globalForQueues = globalThis as unknown as { rubricaQueues?: Map<string, Queue> };

function producer(queueName: string): Queue {
  globalForQueues.rubricaQueues ??= new Map();
  let queue = globalForQueues.rubricaQueues.get(queueName);
  if (!queue) {
    queue = new Queue(queueName, { connection: queueConnection() });
    globalForQueues.rubricaQueues.set(queueName, queue);
  }
  return queue;
}

/**
 * The payload field that carries the id of the request (or job) that enqueued a job, so the job's log lines carry it
 * too (workers/worker-job.ts); a job definition takes it off before the payload's schema sees it.
 */
export const requestIdField = "_requestId";

/** A job's data without the enqueuing request's id: the payload its schema checks. */
export function jobPayload(data: unknown): unknown {
  if (data === null || typeof data !== "object" || !(requestIdField in data)) return data;
  const payload = { ...(data as Record<string, unknown>) };
  delete payload[requestIdField];
  return payload;
}

export type QueuedJob = { queue: string; name: string; data: Record<string, unknown>; options: JobsOptions & { jobId: string } };

/**
 * Adds jobs whose ids are deterministic: BullMQ ignores an id it already holds, so enqueueing the
 * same work twice (a retried request, a sweep re-adding stranded work) runs it once.
 */
export async function enqueueJobs(jobs: readonly QueuedJob[]): Promise<void> {
  const byQueue = new Map<string, QueuedJob[]>();
  for (const job of jobs) byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), job]);
  const requestId = currentRequestId();
  const withRequestId = (data: Record<string, unknown>) => (requestId ? { ...data, [requestIdField]: requestId } : data);
  for (const [queueName, list] of byQueue) {
    await producer(queueName).addBulk(list.map((job) => ({ name: job.name, data: withRequestId(job.data), opts: job.options })));
  }
}

/** Removes a finished job so its id can be enqueued again (a staff retry of a failed delivery). */
export async function removeJob(queueName: string, jobId: string): Promise<void> {
  await producer(queueName).remove(jobId);
}

/** Closes the producers: tests and scripts that must exit cleanly call it at the end. */
export async function closeProducers(): Promise<void> {
  const queues = [...(globalForQueues.rubricaQueues?.values() ?? [])];
  globalForQueues.rubricaQueues = undefined;
  await Promise.all(queues.map((queue) => queue.close()));
}
