import { env } from "@/lib/config/env";
import type { QueuedJob } from "@/lib/queue/enqueue";

// Names and ids of the shipment jobs. Ids are deterministic so that a job enqueued twice runs once;
// BullMQ refuses ":" in custom ids, hence the dashes.

export const shipmentsQueue = "shipments";
export const deliveryAttempts = 5;
/** How often the expiration sweep runs. */
export const expireSweepEveryMs = 5 * 60_000;

export function deliveryJobId(deliveryId: number): string {
  return `delivery-${deliveryId}`;
}

export function deliveryJob(deliveryId: number): QueuedJob {
  return {
    queue: shipmentsQueue,
    name: "shipments.deliver-invitation",
    data: { deliveryId },
    options: {
      jobId: deliveryJobId(deliveryId),
      attempts: deliveryAttempts,
      backoff: { type: "exponential", delay: env().DELIVERY_RETRY_DELAY_MS },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    },
  };
}

export function reminderJob(notificationId: number, sendAt: Date, now = new Date()): QueuedJob {
  return {
    queue: shipmentsQueue,
    name: "shipments.send-reminder",
    data: { notificationId },
    options: {
      jobId: `reminder-${notificationId}`,
      delay: Math.max(0, sendAt.getTime() - now.getTime()),
      attempts: 3,
      backoff: { type: "exponential", delay: env().DELIVERY_RETRY_DELAY_MS },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    },
  };
}
