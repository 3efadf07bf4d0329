import { purgeExpiredAuthJob } from "@/lib/auth/purge-expired";
import { callbackJobs, callbacksQueue } from "@/lib/callbacks/callback-jobs";
import { shipmentJobs, shipmentsQueue } from "@/lib/documents/shipment-jobs";
import { checkJobs } from "@/lib/evidence/check-jobs";
import { evidenceQueue } from "@/lib/evidence/face-comparison";
import type { RegisteredJob } from "@/lib/queue/define-job";
import { singleAttempt, type JobAttempt } from "@/lib/queue/job-attempt";
import { sealingJobs, signingQueue } from "@/lib/sealing/pdf-jobs";
import { reconcileSigningJob } from "@/lib/signing/reconcile";
import { stampingQueue, stampPendingJob } from "@/lib/stamping/stamp-pending";
import { validationJobs, validationQueue } from "@/lib/validation-process/certificate-job";
import { webhookJobs, webhooksQueue } from "@/lib/webhooks/jobs";

// Every background job the worker runs, each defined beside its domain (lib/queue/define-job.ts). A job's name is what
// BullMQ stores with it: a queued job whose name is not here fails ("Unknown job").

export const registeredJobs: readonly RegisteredJob[] = [
  purgeExpiredAuthJob,
  ...Object.values(shipmentJobs),
  ...Object.values(sealingJobs),
  reconcileSigningJob,
  ...Object.values(callbackJobs),
  ...Object.values(checkJobs),
  stampPendingJob,
  ...Object.values(validationJobs),
  ...Object.values(webhookJobs),
];

const byName = new Map(registeredJobs.map((job) => [job.name, job]));

export function registeredJob(name: string): RegisteredJob | undefined {
  return byName.get(name);
}

export const queueNames = [...new Set(registeredJobs.map((job) => job.queue))];

/**
 * Jobs run at once per worker process; a delivery mostly waits on SMTP or Twilio, so more of them
 * overlap. A face check keeps a core busy (TensorFlow's WebAssembly backend, one thread): one at a time.
 */
export const queueConcurrency: Record<string, number> = {
  [shipmentsQueue]: 10,
  [signingQueue]: 2,
  [evidenceQueue]: 1,
  [callbacksQueue]: 10,
  [stampingQueue]: 1,
  [validationQueue]: 2,
  [webhooksQueue]: 10,
};

/** Repeating jobs the worker schedules at start (BullMQ job schedulers are upserts: no duplicates). */
export const schedules: { name: string; queue: string; everyMs: number }[] = registeredJobs.flatMap((job) =>
  job.everyMs ? [{ name: job.name, queue: job.queue, everyMs: job.everyMs() }] : [],
);

/** Runs one job by name, outside BullMQ (a test, a script) or inside it (workers/worker-job.ts); an invalid payload throws PayloadError. */
export async function runJob(name: string, data: unknown, attempt: JobAttempt = singleAttempt): Promise<unknown> {
  const definition = byName.get(name);
  if (!definition) throw new Error(`Unknown job ${name}`);
  return definition.run(data, attempt);
}
