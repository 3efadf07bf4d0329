import { z } from "zod";
import { env } from "@/lib/config/env";
import { defineJob } from "@/lib/queue/define-job";
import type { QueuedJob } from "@/lib/queue/enqueue";
import { retryPolicies } from "@/lib/queue/retry-policies";

// Sealing jobs (queue "signing", its name kept for jobs already queued): one per signer (their digital signature on every file) and one per
// shipment (the organisation's seal once it is complete). Ids are deterministic, so a job enqueued
// twice runs once; each handler also checks the file itself, so a re-run signs nothing twice.

export const signingQueue = "signing";

export const signSignerPayload = z.object({ signerId: z.number().int().positive() }).strict();
export const sealDocumentPayload = z.object({ documentId: z.number().int().positive() }).strict();

const retention = { removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } };

/** The handlers' module, loaded by the worker at start (define-job.ts `load`). */
const signFiles = () => import("./sign-files");

export const sealingJobs = {
  signSigner: defineJob({
    name: "signing.sign-signer",
    queue: signingQueue,
    payload: signSignerPayload,
    retry: retryPolicies.sealing,
    jobId: ({ signerId }) => `sign-signer-${signerId}`,
    retention,
    load: signFiles,
    handler: async (payload) => (await signFiles()).signForSigner(payload),
  }),
  sealDocument: defineJob({
    name: "signing.seal-document",
    queue: signingQueue,
    payload: sealDocumentPayload,
    retry: retryPolicies.sealing,
    jobId: ({ documentId }) => `seal-document-${documentId}`,
    retention,
    load: signFiles,
    handler: async (payload) => (await signFiles()).sealDocument(payload),
  }),
};

export function signSignerJob(signerId: number): QueuedJob {
  return sealingJobs.signSigner.queued({ signerId });
}

export function sealDocumentJob(documentId: number): QueuedJob {
  return sealingJobs.sealDocument.queued({ documentId });
}

export function tsaUrl(): string | undefined {
  return env().PDF_SIGNING_TSA_URL || undefined;
}
