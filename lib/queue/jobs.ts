import { z } from "zod";
import { purgeExpiredAuth } from "@/lib/auth/purge-expired";
import { callbacksQueue } from "@/lib/callbacks/callback-jobs";
import { completionMailPayload, sendCompletionMail } from "@/lib/callbacks/completion-mail";
import { deliverCallback, deliverCallbackPayload } from "@/lib/callbacks/deliver-callback";
import { rejectionMailPayload, sendRejectionMail } from "@/lib/callbacks/rejection-mail";
import { deliverInvitation, deliverInvitationPayload } from "@/lib/documents/deliver-invitation";
import { expireShipments, expireShipmentsPayload } from "@/lib/documents/expire-shipments";
import { sendReminder, sendReminderPayload } from "@/lib/documents/send-reminder";
import { expireSweepEveryMs, shipmentsQueue } from "@/lib/documents/shipment-jobs";
import { jobPayload } from "@/lib/queue/enqueue";
import { singleAttempt, type JobAttempt } from "@/lib/queue/job-attempt";
import { faceCheckPayload, runFaceCheck } from "@/lib/evidence/face-check";
import { evidenceQueue, faceCheckJobName, livenessCheckJobName } from "@/lib/evidence/face-comparison";
import type { EvidenceProcesses } from "@/lib/evidence/identity-process";
import { livenessCheckPayload, runLivenessCheck } from "@/lib/evidence/liveness-check";
import { signingQueue } from "@/lib/sealing/pdf-jobs";
import { reconcileSigning, reconcileSigningPayload } from "@/lib/signing/reconcile";
import { signerEvidenceProcess } from "@/lib/signing/signer-identity";
import { validationEvidenceProcess } from "@/lib/validation-process/validation-identity";
import { stampEveryMs } from "@/lib/stamping/networks";
import { stampPending, stampPendingJobName, stampPendingPayload, stampingQueue } from "@/lib/stamping/stamp-pending";
import { sealDocument, sealDocumentPayload, signForSigner, signSignerPayload } from "@/lib/sealing/sign-files";
import {
  issueValidationCertificate,
  reconcileCertificatesJobName,
  reconcileCertificatesPayload,
  reconcileValidationCertificates,
  validationCertificateJobName,
  validationCertificatePayload,
  validationQueue,
} from "@/lib/validation-process/certificate-job";
import { deliverWebhook, deliverWebhookPayload, sweepWebhooks, sweepWebhooksPayload } from "@/lib/webhooks/deliver-webhook";
import { webhookSweepEveryMs, webhooksQueue } from "@/lib/webhooks/jobs";

type JobDefinition<T> = { queue: string; payload: z.ZodType<T>; handler: (payload: T, attempt: JobAttempt) => Promise<unknown> };

function job<T>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

/** The identity processes whose captures the face and liveness checks settle (lib/evidence/identity-process.ts). */
const evidenceProcesses: EvidenceProcesses = { signer: signerEvidenceProcess, validation: validationEvidenceProcess };

/**
 * Every background job: its queue, payload schema and handler. Handlers are idempotent, so a
 * retried or duplicated job changes nothing twice.
 */
export const jobs = {
  "maintenance.purge-expired-auth": job({
    queue: "maintenance",
    payload: z.object({}).strict(),
    handler: async () => purgeExpiredAuth(),
  }),
  "shipments.deliver-invitation": job({ queue: shipmentsQueue, payload: deliverInvitationPayload, handler: deliverInvitation }),
  "shipments.send-reminder": job({ queue: shipmentsQueue, payload: sendReminderPayload, handler: sendReminder }),
  "shipments.expire-sweep": job({ queue: shipmentsQueue, payload: expireShipmentsPayload, handler: async () => expireShipments() }),
  "signing.sign-signer": job({ queue: signingQueue, payload: signSignerPayload, handler: signForSigner }),
  "signing.seal-document": job({ queue: signingQueue, payload: sealDocumentPayload, handler: sealDocument }),
  "signing.reconcile": job({ queue: signingQueue, payload: reconcileSigningPayload, handler: async () => reconcileSigning() }),
  "callbacks.deliver": job({ queue: callbacksQueue, payload: deliverCallbackPayload, handler: deliverCallback }),
  "callbacks.completion-mail": job({ queue: callbacksQueue, payload: completionMailPayload, handler: sendCompletionMail }),
  "callbacks.rejection-mail": job({ queue: callbacksQueue, payload: rejectionMailPayload, handler: sendRejectionMail }),
  [faceCheckJobName]: job({
    queue: evidenceQueue,
    payload: faceCheckPayload,
    handler: (payload, attempt) => runFaceCheck(payload, attempt, evidenceProcesses),
  }),
  [livenessCheckJobName]: job({
    queue: evidenceQueue,
    payload: livenessCheckPayload,
    handler: (payload, attempt) => runLivenessCheck(payload, attempt, evidenceProcesses),
  }),
  [stampPendingJobName]: job({ queue: stampingQueue, payload: stampPendingPayload, handler: async (payload) => stampPending(payload) }),
  [validationCertificateJobName]: job({
    queue: validationQueue,
    payload: validationCertificatePayload,
    handler: issueValidationCertificate,
  }),
  [reconcileCertificatesJobName]: job({
    queue: validationQueue,
    payload: reconcileCertificatesPayload,
    handler: async () => reconcileValidationCertificates(),
  }),
  "webhooks.deliver": job({
    queue: webhooksQueue,
    payload: deliverWebhookPayload,
    handler: (payload, attempt) => deliverWebhook(payload, attempt),
  }),
  "webhooks.sweep": job({ queue: webhooksQueue, payload: sweepWebhooksPayload, handler: async () => sweepWebhooks() }),
} as const;

export type JobName = keyof typeof jobs;

export const queueNames = [...new Set(Object.values(jobs).map((j) => j.queue))];

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
export const schedules: { name: JobName; everyMs: number }[] = [
  { name: "maintenance.purge-expired-auth", everyMs: 15 * 60_000 },
  { name: "shipments.expire-sweep", everyMs: expireSweepEveryMs },
  { name: "signing.reconcile", everyMs: 2 * 60_000 },
  { name: reconcileCertificatesJobName, everyMs: 2 * 60_000 },
  // Stamps whatever evidence waits (a no-op while STAMPING_NETWORKS is empty).
  { name: stampPendingJobName, everyMs: stampEveryMs() },
  // Webhook deliveries whose job was lost (Redis restarted empty) are queued again.
  { name: "webhooks.sweep", everyMs: webhookSweepEveryMs },
];

export async function runJob(name: string, data: unknown, attempt: JobAttempt = singleAttempt): Promise<unknown> {
  if (!(name in jobs)) throw new Error(`Unknown job ${name}`);
  const definition: JobDefinition<unknown> = jobs[name as JobName] as JobDefinition<unknown>;
  return definition.handler(definition.payload.parse(jobPayload(data)), attempt);
}
