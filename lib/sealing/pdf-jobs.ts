import { env } from "@/lib/config/env";
import type { QueuedJob } from "@/lib/queue/enqueue";

// Sealing jobs (queue "signing", its name kept for jobs already queued): one per signer (their digital signature on every file) and one per
// shipment (the organisation's seal once it is complete). Ids are deterministic, so a job enqueued
// twice runs once; each handler also checks the file itself, so a re-run signs nothing twice.

export const signingQueue = "signing";

const common = {
  attempts: 8,
  backoff: { type: "exponential" as const, delay: 2_000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

export function signSignerJob(signerId: number): QueuedJob {
  return { queue: signingQueue, name: "signing.sign-signer", data: { signerId }, options: { jobId: `sign-signer-${signerId}`, ...common } };
}

export function sealDocumentJob(documentId: number): QueuedJob {
  return {
    queue: signingQueue,
    name: "signing.seal-document",
    data: { documentId },
    options: { jobId: `seal-document-${documentId}`, ...common },
  };
}

export function tsaUrl(): string | undefined {
  return env().PDF_SIGNING_TSA_URL || undefined;
}
