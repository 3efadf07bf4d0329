import { z } from "zod";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import { db } from "@/lib/db/client";
import { translator } from "@/lib/i18n/messages";
import { validateDocsUrl } from "@/lib/pdf/audit-certificate";
import { defineJob } from "@/lib/queue/define-job";
import { enqueueJobs, type QueuedJob } from "@/lib/queue/enqueue";
import { retryPolicies } from "@/lib/queue/retry-policies";
import { closeWithSeal, sealCredentials } from "@/lib/sealing/sign-files";
import { randomHex } from "@/lib/security/random";
import { awaitStamps } from "@/lib/stamping/await-stamps";
import { storage } from "@/lib/storage";
import { loadValidationCertificateData, renderValidationCertificate } from "./certificate";

// The validation certificate's jobs (queue "validation"): one per completed process, with a deterministic id, so a
// process completed twice over (a retried request, the reconcile sweep) is certified once; the handler also checks the
// row, so a re-run stores nothing twice. Their own queue: a certificate may wait for the chain (awaitStamps) without
// holding up the shipments' seals on the "signing" queue.

export const validationQueue = "validation";
export const validationCertificateJobName = "validation.certificate";
export const reconcileCertificatesJobName = "validation.reconcile-certificates";

export const validationCertificatePayload = z.object({ processId: z.number().int().positive() }).strict();
export const reconcileCertificatesPayload = z.object({}).strict();

/** Work older than this whose job is missing lost it (a worker that crashed, Redis restarted empty): it is queued again. */
export const reconcileCertificatesAfterMs = 60_000;

export const validationJobs = {
  certificate: defineJob({
    name: validationCertificateJobName,
    queue: validationQueue,
    payload: validationCertificatePayload,
    retry: retryPolicies.sealing,
    jobId: ({ processId }) => `validation-certificate-${processId}`,
    retention: { removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } },
    handler: async (payload) => issueValidationCertificate(payload),
  }),
  /** Repeating, every two minutes. */
  reconcileCertificates: defineJob({
    name: reconcileCertificatesJobName,
    queue: validationQueue,
    payload: reconcileCertificatesPayload,
    retry: retryPolicies.once,
    everyMs: () => 2 * 60_000,
    handler: async () => reconcileValidationCertificates(),
  }),
};

export function validationCertificateJob(processId: number): QueuedJob {
  return validationJobs.certificate.queued({ processId });
}

/** The seal's and the archival timestamp's field names: unique in the file, named for the certificate. */
const sealFieldName = (certificateHexId: string) => `SelloValidacion_${certificateHexId}`;
const timestampFieldName = (certificateHexId: string) => `SelloTiempoValidacion_${certificateHexId}`;

export type CertificateOutcome = { issued: false } | { issued: true; certificateHexId: string; sha256: string };

/**
 * Job validation.certificate: once a validation process is COMPLETED, its evidence gets a bounded time to be stamped
 * on chain (as a shipment's before its seal: lib/stamping/await-stamps.ts), then the certificate is rendered under a
 * new public id, sealed by the organisation exactly as the shipments' files are (PAdES, B-LTA with a timestamp
 * authority: lib/sealing/sign-files.ts closeWithSeal) and stored; its key, SHA-256 and id go on the process's row in
 * one transaction that holds the row's lock, so a retry or a second job finds it done and changes nothing.
 */
export async function issueValidationCertificate({ processId }: z.infer<typeof validationCertificatePayload>): Promise<CertificateOutcome> {
  const process = await db.validationProcess.findUnique({
    where: { id: processId },
    select: { status: true, certificateSha256: true, organization: { select: { id: true, hexId: true, name: true } } },
  });
  if (!process || process.status !== "COMPLETED" || process.certificateSha256) return { issued: false };
  await awaitStamps({ validationProcessId: processId });
  const credentials = await sealCredentials(process.organization);
  const certificateHexId = randomHex(16);
  return db.$transaction(
    async (tx) => {
      const locked = await tx.$queryRaw<{ certificateSha256: string | null }[]>`
        SELECT "certificateSha256" FROM "ValidationProcess" WHERE id = ${processId} FOR UPDATE`;
      if (!locked[0] || locked[0].certificateSha256) return { issued: false } as const;
      const data = await loadValidationCertificateData(tx, processId, certificateHexId);
      const organization = { name: process.organization.name, contactInfo: validateDocsUrl(certificateHexId) };
      const reason = translator(data.locale, "validationCertificate")("sealReason", {
        organization: organization.name,
        certificate: certificateHexId,
      });
      const sealed = await closeWithSeal(await renderValidationCertificate(data), {
        organization,
        reason,
        credentials,
        fields: { seal: sealFieldName(certificateHexId), timestamp: timestampFieldName(certificateHexId) },
      });
      const stored = await storage().put(sealed);
      await tx.validationProcess.update({
        where: { id: processId },
        data: { certificateHexId, certificateStorageKey: stored.key, certificateSha256: stored.sha256, certificateSealedAt: new Date() },
      });
      await appendAuditEvent(tx, { validationProcessId: processId }, "validation.certificate-sealed", {
        certificate: certificateHexId,
        sha256: stored.sha256,
      });
      return { issued: true, certificateHexId, sha256: stored.sha256 } as const;
    },
    { timeout: 120_000 },
  );
}

/**
 * Job validation.reconcile-certificates (repeating): completed processes still without a certificate a minute after
 * completing (the job was lost with a crashed worker or an emptied Redis, or the enqueue after the commit failed) get
 * their certificate job again. The job id keeps a job that was not lost after all from running twice.
 */
export async function reconcileValidationCertificates(now = new Date()): Promise<{ requeued: number }> {
  const rows = await db.validationProcess.findMany({
    where: { status: "COMPLETED", certificateSha256: null, completedAt: { lt: new Date(now.getTime() - reconcileCertificatesAfterMs) } },
    select: { id: true },
    orderBy: { completedAt: "asc" },
    take: 500,
  });
  await enqueueJobs(rows.map((row) => validationCertificateJob(row.id)));
  return { requeued: rows.length };
}
