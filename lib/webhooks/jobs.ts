import { env } from "@/lib/config/env";
import type { QueuedJob } from "@/lib/queue/enqueue";

// The webhooks capability's jobs: one per delivery (its id is the delivery's, so a delivery is queued once), and
// the sweep that queues again deliveries whose job was lost.

export const webhooksQueue = "webhooks";
export const webhookAttempts = 8;
export const webhookSweepEveryMs = 60_000;

export function webhookDeliveryJob(deliveryId: number): QueuedJob {
  return {
    queue: webhooksQueue,
    name: "webhooks.deliver",
    data: { deliveryId },
    options: {
      jobId: `webhook-${deliveryId}`,
      attempts: webhookAttempts,
      backoff: { type: "exponential", delay: env().DELIVERY_RETRY_DELAY_MS },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    },
  };
}

/** When BullMQ runs the attempt after `attemptsMade` failed ones (its exponential backoff). */
export function nextAttemptAfter(attemptsMade: number, now: Date): Date {
  return new Date(now.getTime() + env().DELIVERY_RETRY_DELAY_MS * 2 ** Math.max(0, attemptsMade - 1));
}
