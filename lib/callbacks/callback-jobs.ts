import { z } from "zod";
import { defineJob } from "@/lib/queue/define-job";
import type { QueuedJob } from "@/lib/queue/enqueue";
import { retryPolicies } from "@/lib/queue/retry-policies";

// The completion capability's jobs: callbacks to the integrator's URLs and completion mails. Ids are
// deterministic (one per event, one per recipient), so an event enqueued twice is sent once.

export const callbacksQueue = "callbacks";
export const callbackAttempts = retryPolicies.peerDelivery.attempts;

export const callbackKinds = ["completed", "rejected", "expired"] as const;
export type CallbackKind = (typeof callbackKinds)[number];

export const deliverCallbackPayload = z.object({ documentId: z.number().int().positive(), kind: z.enum(callbackKinds) }).strict();
export const completionMailPayload = z
  .object({ documentId: z.number().int().positive(), signerId: z.number().int().positive().optional() })
  .strict();
export const rejectionMailPayload = z.object({ signerId: z.number().int().positive() }).strict();

const retention = { removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } };

export function callbackJobId(documentId: number, kind: CallbackKind): string {
  return `callback-${documentId}-${kind}`;
}

// The handlers' modules, loaded by the worker at start (define-job.ts `load`).
const deliverCallbackModule = () => import("./deliver-callback");
const completionMailModule = () => import("./completion-mail");
const rejectionMailModule = () => import("./rejection-mail");

export const callbackJobs = {
  deliver: defineJob({
    name: "callbacks.deliver",
    queue: callbacksQueue,
    payload: deliverCallbackPayload,
    retry: retryPolicies.peerDelivery,
    jobId: ({ documentId, kind }) => callbackJobId(documentId, kind),
    retention,
    load: deliverCallbackModule,
    handler: async (payload, attempt) => (await deliverCallbackModule()).deliverCallback(payload, attempt),
  }),
  /** The sender's completion mail (signerId absent) or a signer's. */
  completionMail: defineJob({
    name: "callbacks.completion-mail",
    queue: callbacksQueue,
    payload: completionMailPayload,
    retry: retryPolicies.message,
    jobId: ({ documentId, signerId }) => `completion-mail-${documentId}-${signerId === undefined ? "sender" : `signer-${signerId}`}`,
    retention,
    load: completionMailModule,
    handler: async (payload, attempt) => (await completionMailModule()).sendCompletionMail(payload, attempt),
  }),
  /** The sender's mail about one signer's rejection. */
  rejectionMail: defineJob({
    name: "callbacks.rejection-mail",
    queue: callbacksQueue,
    payload: rejectionMailPayload,
    retry: retryPolicies.message,
    jobId: ({ signerId }) => `rejection-mail-${signerId}`,
    retention,
    load: rejectionMailModule,
    handler: async (payload, attempt) => (await rejectionMailModule()).sendRejectionMail(payload, attempt),
  }),
};

export function callbackJob(documentId: number, kind: CallbackKind): QueuedJob {
  return callbackJobs.deliver.queued({ documentId, kind });
}

export function completionMailJob(documentId: number, signerId?: number): QueuedJob {
  return callbackJobs.completionMail.queued(signerId === undefined ? { documentId } : { documentId, signerId });
}

export function rejectionMailJob(signerId: number): QueuedJob {
  return callbackJobs.rejectionMail.queued({ signerId });
}
