import { env } from "@/lib/config/env";
import type { QueuedJob } from "@/lib/queue/enqueue";

// The completion capability's jobs: callbacks to the integrator's URLs and completion mails. Ids are
// deterministic (one per event, one per recipient), so an event enqueued twice is sent once.

export const callbacksQueue = "callbacks";
export const callbackAttempts = 8;

export const callbackKinds = ["completed", "rejected", "expired"] as const;
export type CallbackKind = (typeof callbackKinds)[number];

const kept = { removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } };

export function callbackJobId(documentId: number, kind: CallbackKind): string {
  return `callback-${documentId}-${kind}`;
}

export function callbackJob(documentId: number, kind: CallbackKind): QueuedJob {
  return {
    queue: callbacksQueue,
    name: "callbacks.deliver",
    data: { documentId, kind },
    options: {
      jobId: callbackJobId(documentId, kind),
      attempts: callbackAttempts,
      backoff: { type: "exponential", delay: env().DELIVERY_RETRY_DELAY_MS },
      ...kept,
    },
  };
}

/** The sender's completion mail (signerId absent) or a signer's. */
export function completionMailJob(documentId: number, signerId?: number): QueuedJob {
  return {
    queue: callbacksQueue,
    name: "callbacks.completion-mail",
    data: signerId === undefined ? { documentId } : { documentId, signerId },
    options: {
      jobId: `completion-mail-${documentId}-${signerId === undefined ? "sender" : `signer-${signerId}`}`,
      attempts: 5,
      backoff: { type: "exponential", delay: env().DELIVERY_RETRY_DELAY_MS },
      ...kept,
    },
  };
}

/** The sender's mail about one signer's rejection. */
export function rejectionMailJob(signerId: number): QueuedJob {
  return {
    queue: callbacksQueue,
    name: "callbacks.rejection-mail",
    data: { signerId },
    options: {
      jobId: `rejection-mail-${signerId}`,
      attempts: 5,
      backoff: { type: "exponential", delay: env().DELIVERY_RETRY_DELAY_MS },
      ...kept,
    },
  };
}
