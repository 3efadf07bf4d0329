import { z } from "zod";
import type { QueuedJob } from "@/lib/queue/enqueue";
import { defineJob } from "@/lib/queue/define-job";
import { retryPolicies } from "@/lib/queue/retry-policies";

// The shipment jobs. Ids are deterministic so that a job enqueued twice runs once; BullMQ refuses ":" in custom ids,
// hence the dashes. Handlers are loaded when a job runs: the web process enqueues these without loading them.

export const shipmentsQueue = "shipments";
export const deliveryAttempts = retryPolicies.message.attempts;
/** How often the expiration sweep runs. */
export const expireSweepEveryMs = 5 * 60_000;

export const deliverInvitationPayload = z.object({ deliveryId: z.number().int().positive() }).strict();
export const sendReminderPayload = z.object({ notificationId: z.number().int().positive() }).strict();
export const expireShipmentsPayload = z.object({}).strict();

export function deliveryJobId(deliveryId: number): string {
  return `delivery-${deliveryId}`;
}

// The handlers' modules, loaded by the worker at start (define-job.ts `load`).
const deliverInvitationModule = () => import("./deliver-invitation");
const sendReminderModule = () => import("./send-reminder");
const expireShipmentsModule = () => import("./expire-shipments");

export const shipmentJobs = {
  deliverInvitation: defineJob({
    name: "shipments.deliver-invitation",
    queue: shipmentsQueue,
    payload: deliverInvitationPayload,
    retry: retryPolicies.message,
    jobId: ({ deliveryId }) => deliveryJobId(deliveryId),
    retention: { removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
    load: deliverInvitationModule,
    handler: async (payload, attempt) => (await deliverInvitationModule()).deliverInvitation(payload, attempt),
  }),
  sendReminder: defineJob({
    name: "shipments.send-reminder",
    queue: shipmentsQueue,
    payload: sendReminderPayload,
    retry: retryPolicies.reminder,
    jobId: ({ notificationId }) => `reminder-${notificationId}`,
    retention: { removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
    load: sendReminderModule,
    handler: async (payload) => (await sendReminderModule()).sendReminder(payload),
  }),
  expireSweep: defineJob({
    name: "shipments.expire-sweep",
    queue: shipmentsQueue,
    payload: expireShipmentsPayload,
    retry: retryPolicies.once,
    everyMs: () => expireSweepEveryMs,
    load: expireShipmentsModule,
    handler: async () => (await expireShipmentsModule()).expireShipments(),
  }),
};

export function deliveryJob(deliveryId: number): QueuedJob {
  return shipmentJobs.deliverInvitation.queued({ deliveryId });
}

export function reminderJob(notificationId: number, sendAt: Date, now = new Date()): QueuedJob {
  return shipmentJobs.sendReminder.queued({ notificationId }, { delay: Math.max(0, sendAt.getTime() - now.getTime()) });
}
