import { describe, expect, it } from "vitest";
import { z } from "zod";
import { callbackJob, completionMailJob, rejectionMailJob } from "@/lib/callbacks/callback-jobs";
import { deliveryJob, reminderJob, shipmentJobs } from "@/lib/documents/shipment-jobs";
import { faceCheckJob, livenessCheckJob } from "@/lib/evidence/check-jobs";
import { defineJob, PayloadError } from "@/lib/queue/define-job";
import { retryPolicies } from "@/lib/queue/retry-policies";
import { sealDocumentJob, signSignerJob } from "@/lib/sealing/pdf-jobs";
import { stampSoonJob } from "@/lib/stamping/stamp-pending";
import { validationCertificateJob } from "@/lib/validation-process/certificate-job";
import { nextAttemptAfter, webhookDeliveryJob } from "@/lib/webhooks/jobs";
import { registeredJobs, runJob, schedules } from "@/workers/registry";

// The job names and queues a running deployment has stored in Redis: renaming one strands the jobs already queued
// under the old name (the worker no longer knows it), so they are kept as they are.
const storedNames: Record<string, string> = {
  "maintenance.purge-expired-auth": "maintenance",
  "shipments.deliver-invitation": "shipments",
  "shipments.send-reminder": "shipments",
  "shipments.expire-sweep": "shipments",
  "signing.sign-signer": "signing",
  "signing.seal-document": "signing",
  "signing.reconcile": "signing",
  "callbacks.deliver": "callbacks",
  "callbacks.completion-mail": "callbacks",
  "callbacks.rejection-mail": "callbacks",
  "evidence.face-check": "evidence",
  "evidence.liveness-check": "evidence",
  "stamping.stamp-pending": "stamping",
  "validation.certificate": "validation",
  "validation.reconcile-certificates": "validation",
  "webhooks.deliver": "webhooks",
  "webhooks.sweep": "webhooks",
};

describe("the job registry (workers/registry.ts)", () => {
  it("lists every job once, under the name and queue already stored in Redis", () => {
    const names = registeredJobs.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.fromEntries(registeredJobs.map((job) => [job.name, job.queue]))).toEqual(storedNames);
  });

  it("gives every job a zod payload schema and a retry policy of lib/queue/retry-policies.ts", () => {
    const policies: unknown[] = Object.values(retryPolicies);
    for (const job of registeredJobs) {
      expect(job.payload, job.name).toBeInstanceOf(z.ZodType);
      expect(policies, job.name).toContain(job.retry);
    }
  });

  it("schedules the repeating sweeps, each a registered job", () => {
    expect(schedules.map((schedule) => schedule.name).sort()).toEqual(
      [
        "maintenance.purge-expired-auth",
        "shipments.expire-sweep",
        "signing.reconcile",
        "stamping.stamp-pending",
        "validation.reconcile-certificates",
        "webhooks.sweep",
      ].sort(),
    );
    for (const schedule of schedules) expect(schedule.everyMs, schedule.name).toBeGreaterThan(0);
  });

  it("refuses a retry policy written in place instead of named from retry-policies", () => {
    expect(() =>
      defineJob({
        name: "test.own-policy",
        queue: "test",
        payload: z.object({}).strict(),
        retry: { attempts: 8, backoff: () => ({ type: "exponential", delay: 2_000 }) },
        handler: async () => null,
      }),
    ).toThrow(/retry policy/);
  });
});

describe("enqueueing through a definition", () => {
  it("keeps each job's id, attempts, backoff and retention as before", () => {
    // DELIVERY_RETRY_DELAY_MS is the default here (30 s).
    const now = new Date(1_700_000_000_000);
    const kept = { removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } };
    const week = { removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } };
    const delivery = (attempts: number) => ({ attempts, backoff: { type: "exponential", delay: 30_000 } });
    expect(deliveryJob(8)).toEqual({
      queue: "shipments",
      name: "shipments.deliver-invitation",
      data: { deliveryId: 8 },
      options: { jobId: "delivery-8", ...delivery(5), removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
    });
    expect(reminderJob(9, new Date(now.getTime() + 5_000), now).options).toEqual({
      jobId: "reminder-9",
      delay: 5_000,
      ...delivery(3),
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
    const sealing = { attempts: 8, backoff: { type: "exponential", delay: 2_000 }, ...kept };
    expect(signSignerJob(10).options).toEqual({ jobId: "sign-signer-10", ...sealing });
    expect(sealDocumentJob(11)).toMatchObject({ name: "signing.seal-document", data: { documentId: 11 } });
    expect(sealDocumentJob(11).options).toEqual({ jobId: "seal-document-11", ...sealing });
    expect(validationCertificateJob(16).options).toEqual({ jobId: "validation-certificate-16", ...sealing });
    expect(callbackJob(3, "completed").options).toEqual({ jobId: "callback-3-completed", ...delivery(8), ...week });
    expect(webhookDeliveryJob(17).options).toEqual({ jobId: "webhook-17", ...delivery(8), ...week });
    // What a delivery tells of its next attempt is when that backoff runs it: 30 s after the first failure, doubling.
    expect([1, 2, 4].map((failed) => nextAttemptAfter(failed, now).getTime() - now.getTime())).toEqual([30_000, 60_000, 240_000]);
    expect(completionMailJob(5)).toMatchObject({ data: { documentId: 5 }, options: { jobId: "completion-mail-5-sender", ...delivery(5) } });
    expect(completionMailJob(5, 6)).toMatchObject({
      data: { documentId: 5, signerId: 6 },
      options: { jobId: "completion-mail-5-signer-6" },
    });
    expect(rejectionMailJob(7).options).toEqual({ jobId: "rejection-mail-7", ...delivery(5), ...week });
    const check = { attempts: 3, backoff: { type: "exponential", delay: 1_000 }, ...kept };
    expect(faceCheckJob(12)).toEqual({
      queue: "evidence",
      name: "evidence.face-check",
      data: { evidenceId: 12 },
      options: { jobId: "face-check-12", ...check },
    });
    expect(livenessCheckJob(13)).toEqual({
      queue: "evidence",
      name: "evidence.liveness-check",
      data: { evidenceId: 13 },
      options: { jobId: "liveness-check-13", ...check },
    });
    expect(stampSoonJob(1_700_000_000_123)).toEqual({
      queue: "stamping",
      name: "stamping.stamp-pending",
      data: {},
      options: {
        jobId: "stamp-soon-1700000000",
        delay: 250,
        attempts: 3,
        backoff: { type: "exponential", delay: 5_000 },
        removeOnComplete: true,
        removeOnFail: true,
      },
    });
  });

  it("refuses an invalid payload before anything is queued, naming the job and the field", () => {
    expect(() => shipmentJobs.deliverInvitation.queued({ deliveryId: 0 })).toThrow(PayloadError);
    expect(() => shipmentJobs.deliverInvitation.queued({ deliveryId: "8" } as never)).toThrow(
      /Invalid payload for job shipments\.deliver-invitation: deliveryId/,
    );
    expect(() => shipmentJobs.deliverInvitation.queued({ deliveryId: 8, extra: 1 } as never)).toThrow(PayloadError);
  });

  it("takes the enqueuing request's id off before the schema checks the payload", () => {
    expect(shipmentJobs.deliverInvitation.parse({ deliveryId: 8, _requestId: "0123456789abcdef" })).toEqual({ deliveryId: 8 });
  });

  it("runJob refuses an invalid payload without running the handler, and an unknown name", async () => {
    await expect(runJob("shipments.deliver-invitation", { deliveryId: -1 })).rejects.toThrow(PayloadError);
    await expect(runJob("no.such-job", {})).rejects.toThrow("Unknown job no.such-job");
  });
});
