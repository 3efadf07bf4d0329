import { z } from "zod";
import { defineJob } from "@/lib/queue/define-job";
import type { QueuedJob } from "@/lib/queue/enqueue";
import { retryDelayMs, retryPolicies } from "@/lib/queue/retry-policies";

// The webhooks capability's jobs: one per delivery (its id is the delivery's, so a delivery is queued once), and
// the sweep that queues again deliveries whose job was lost. Handlers are loaded when a job runs.

export const webhooksQueue = "webhooks";
export const webhookAttempts = retryPolicies.peerDelivery.attempts;
export const webhookSweepEveryMs = 60_000;

export const deliverWebhookPayload = z.object({ deliveryId: z.number().int().positive() }).strict();
export const sweepWebhooksPayload = z.object({}).strict();

/** The handlers' module, loaded by the worker at start (define-job.ts `load`). */
const deliverWebhookModule = () => import("./deliver-webhook");

export const webhookJobs = {
  deliver: defineJob({
    name: "webhooks.deliver",
    queue: webhooksQueue,
    payload: deliverWebhookPayload,
    retry: retryPolicies.peerDelivery,
    jobId: ({ deliveryId }) => `webhook-${deliveryId}`,
    retention: { removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } },
    load: deliverWebhookModule,
    handler: async (payload, attempt) => (await deliverWebhookModule()).deliverWebhook(payload, attempt),
  }),
  /** Webhook deliveries whose job was lost (Redis restarted empty) are queued again. */
  sweep: defineJob({
    name: "webhooks.sweep",
    queue: webhooksQueue,
    payload: sweepWebhooksPayload,
    retry: retryPolicies.once,
    everyMs: () => webhookSweepEveryMs,
    load: deliverWebhookModule,
    handler: async () => (await deliverWebhookModule()).sweepWebhooks(),
  }),
};

export function webhookDeliveryJob(deliveryId: number): QueuedJob {
  return webhookJobs.deliver.queued({ deliveryId });
}

/** When BullMQ runs the attempt after `attemptsMade` failed ones: the delivery job's own retry policy says. */
export function nextAttemptAfter(attemptsMade: number, now: Date): Date {
  return new Date(now.getTime() + retryDelayMs(webhookJobs.deliver.retry, attemptsMade));
}
