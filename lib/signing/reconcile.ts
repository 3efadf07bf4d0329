import { z } from "zod";
import { callbackJob, completionMailJob, rejectionMailJob } from "@/lib/callbacks/callback-jobs";
import { transactionTypes } from "@/lib/callbacks/transaction-log";
import { db } from "@/lib/db/client";
import { defineJob } from "@/lib/queue/define-job";
import { enqueueJobs, type QueuedJob } from "@/lib/queue/enqueue";
import { retryPolicies } from "@/lib/queue/retry-policies";
import { checkJobFor } from "@/lib/evidence/check-jobs";
import { checkedKindOf, faceComparisonOf } from "@/lib/evidence/face-comparison";
import { sealDocumentJob, signingQueue } from "@/lib/sealing/pdf-jobs";
import { signerSteps } from "./steps";

export const reconcileSigningPayload = z.object({}).strict();

/** Work older than this whose job is missing lost it (Redis restarted empty, a flush): its job is added again. */
export const reconcileAfterMs = 60_000;
/** Completion callbacks and mails are looked for this long after the seal; their retries end within hours. */
export const completionWindowMs = 7 * 24 * 3600_000;
const batch = 500;

/** Completed shipments still unsealed: their seal job (which also signs for any signer whose own job was lost). */
async function unsealedShipments(cutoff: Date): Promise<QueuedJob[]> {
  const unsealed = await db.document.findMany({
    where: { status: "COMPLETED", sealedAt: null, completedAt: { lt: cutoff } },
    select: { id: true },
    orderBy: { completedAt: "asc" },
    take: batch,
  });
  return unsealed.map((d) => sealDocumentJob(d.id));
}

/**
 * Selfies and videos waiting for their face or liveness check, of a step that compares faces, whose
 * signer is still on that step: the check job again. Captures of steps without a comparison stay
 * PENDING by design (nothing checks them) and are never queued.
 */
async function pendingChecks(cutoff: Date): Promise<QueuedJob[]> {
  const evidence = await db.evidence.findMany({
    where: {
      check: "PENDING",
      kind: { in: ["SELFIE", "VIDEO"] },
      stepPosition: { not: null },
      createdAt: { lt: cutoff },
      signer: { status: { in: ["PENDING", "IN_PROGRESS"] } },
    },
    select: {
      id: true,
      kind: true,
      stepPosition: true,
      signer: { select: { currentStep: true, document: { select: { flow: { select: { steps: true } } } } } },
    },
    orderBy: { id: "asc" },
    take: batch,
  });
  return evidence.flatMap((e) => {
    const flowSteps = e.signer?.document.flow?.steps ?? [];
    const step = flowSteps.find((s) => s.position === e.stepPosition);
    if (!e.signer || !step || !faceComparisonOf(step, flowSteps) || checkedKindOf(step.type) !== e.kind) return [];
    if (signerSteps(flowSteps).findIndex((s) => s.position === step.position) !== e.signer.currentStep) return [];
    return [checkJobFor(e.kind, e.id)];
  });
}

/**
 * Sealed shipments whose success callback has neither been delivered nor given up on (its last
 * attempt failed, or its URL was refused): the callback job again. deliver-callback.ts writes one
 * TransactionLog row per attempt, "document.completed attempt n/m to host: …".
 */
async function missingCallbacks(cutoff: Date, since: Date): Promise<QueuedJob[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT d.id FROM "Document" d
    WHERE d.status = 'COMPLETED' AND d."sealedAt" < ${cutoff} AND d."sealedAt" > ${since} AND d."callBackUrl" IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM "TransactionLog" t
        WHERE t."organizationId" = d."organizationId" AND t."transactionHexId" = d."hexId" AND t."typeId" = ${transactionTypes.CALLBACK}
          AND t.description LIKE 'document.completed %'
          AND (t."resultSuccess" OR t.description LIKE '%; no more attempts' OR t.description LIKE '% URL not allowed; not sent'))
    ORDER BY d."sealedAt" ASC LIMIT ${batch}`;
  return rows.map((row) => callbackJob(row.id, "completed"));
}

/**
 * Completion mails of sealed shipments (to the sender, to each signer who signed with an address)
 * neither sent nor given up on: completion-mail.ts writes "completion mail to sender: sent" or
 * "completion mail to signer <hexId>: sent", and "…; no more attempts" on the last failure.
 */
async function missingCompletionMails(cutoff: Date, since: Date): Promise<QueuedJob[]> {
  const rows = await db.$queryRaw<{ documentId: number; signerId: number | null }[]>`
    SELECT r."documentId", r."signerId" FROM (
      SELECT d.id AS "documentId", NULL::int AS "signerId", d."organizationId", d."hexId", 'completion mail to sender:' AS prefix, d."sealedAt"
      FROM "Document" d
      WHERE d.status = 'COMPLETED' AND d."sealedAt" < ${cutoff} AND d."sealedAt" > ${since} AND d."senderId" IS NOT NULL
      UNION ALL
      SELECT d.id, s.id, d."organizationId", d."hexId", 'completion mail to signer ' || s."hexId" || ':', d."sealedAt"
      FROM "Document" d JOIN "Signer" s ON s."documentId" = d.id
      WHERE d.status = 'COMPLETED' AND d."sealedAt" < ${cutoff} AND d."sealedAt" > ${since} AND s.status = 'COMPLETED' AND s.email IS NOT NULL
    ) r
    WHERE NOT EXISTS (
      SELECT 1 FROM "TransactionLog" t
      WHERE t."organizationId" = r."organizationId" AND t."transactionHexId" = r."hexId" AND t."typeId" = ${transactionTypes.COMPLETION_MAIL}
        AND starts_with(t.description, r.prefix)
        AND (t."resultSuccess" OR t.description LIKE '%; no more attempts'))
    ORDER BY r."sealedAt" ASC LIMIT ${batch}`;
  return rows.map((row) => (row.signerId === null ? completionMailJob(row.documentId) : completionMailJob(row.documentId, row.signerId)));
}

/**
 * The sender's mails about a signer's rejection neither sent nor given up on: rejection-mail.ts writes
 * "rejection mail to sender for signer <hexId>: sent", and "…; no more attempts" on the last failure.
 */
async function missingRejectionMails(cutoff: Date, since: Date): Promise<QueuedJob[]> {
  const rows = await db.$queryRaw<{ signerId: number }[]>`
    SELECT s.id AS "signerId"
    FROM "Signer" s JOIN "Document" d ON d.id = s."documentId"
    WHERE s.status = 'REJECTED' AND s."rejectedAt" < ${cutoff} AND s."rejectedAt" > ${since} AND d."senderId" IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM "TransactionLog" t
        WHERE t."organizationId" = d."organizationId" AND t."transactionHexId" = d."hexId" AND t."typeId" = ${transactionTypes.REJECTION_MAIL}
          AND starts_with(t.description, 'rejection mail to sender for signer ' || s."hexId" || ':')
          AND (t."resultSuccess" OR t.description LIKE '%; no more attempts'))
    ORDER BY s."rejectedAt" ASC LIMIT ${batch}`;
  return rows.map((row) => rejectionMailJob(row.signerId));
}

/**
 * Job signing.reconcile (repeating). The database is the source of truth for what remains to be
 * done; Redis only schedules it. A job lost with Redis (a restart without persistence, a flush) is
 * found here again once its work is more than a minute old: seals of completed shipments, face and
 * liveness checks, completion callbacks and mails, the sender's rejection mails. Job ids are deterministic and every handler is
 * idempotent, so a job that was not lost after all is not doubled and does nothing twice.
 * Invitations and reminders are re-added by the expire sweep (lib/documents/expire-shipments.ts);
 * a signer's signing job by the seal, which signs for any signer left out.
 */
export async function reconcileSigning(
  now = new Date(),
): Promise<{ requeued: number; seals: number; checks: number; callbacks: number; mails: number }> {
  const cutoff = new Date(now.getTime() - reconcileAfterMs);
  const since = new Date(now.getTime() - completionWindowMs);
  const [seals, checks, callbacks, completionMails, rejectionMails] = await Promise.all([
    unsealedShipments(cutoff),
    pendingChecks(cutoff),
    missingCallbacks(cutoff, since),
    missingCompletionMails(cutoff, since),
    missingRejectionMails(cutoff, since),
  ]);
  const mails = [...completionMails, ...rejectionMails];
  await enqueueJobs([...seals, ...checks, ...callbacks, ...mails]);
  return {
    requeued: seals.length + checks.length + callbacks.length + mails.length,
    seals: seals.length,
    checks: checks.length,
    callbacks: callbacks.length,
    mails: mails.length,
  };
}

/** Job signing.reconcile (repeating, every two minutes). */
export const reconcileSigningJob = defineJob({
  name: "signing.reconcile",
  queue: signingQueue,
  payload: reconcileSigningPayload,
  retry: retryPolicies.once,
  everyMs: () => 2 * 60_000,
  handler: async () => reconcileSigning(),
});
