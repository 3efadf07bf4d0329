import { db } from "@/lib/db/client";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { callbackJob, completionMailJob } from "./callback-jobs";

/**
 * A sealed shipment: the success callback (when the integrator gave a callBackUrl) and the
 * completion mails to the staff (sender, administrators) and to each signer who signed. Job ids are per event and per
 * recipient, so calling this again (a re-run seal job) adds nothing.
 */
export async function enqueueCompletion(documentId: number): Promise<void> {
  const document = await db.document.findUnique({
    where: { id: documentId },
    select: { callBackUrl: true, signers: { where: { status: "COMPLETED", email: { not: null } }, select: { id: true } } },
  });
  if (!document) return;
  await enqueueJobs([
    ...(document.callBackUrl ? [callbackJob(documentId, "completed")] : []),
    // The staff's mail: the sender and, when the organisation chose so, its administrators.
    completionMailJob(documentId),
    ...document.signers.map((signer) => completionMailJob(documentId, signer.id)),
  ]);
}

/** Shipments that ended without completing (rejected, expired): the soft-fail callback of those that have one. */
export async function enqueueSoftFail(documentIds: readonly number[], kind: "rejected" | "expired"): Promise<void> {
  if (documentIds.length === 0) return;
  const documents = await db.document.findMany({
    where: { id: { in: [...documentIds] }, callBackUrlSoftFail: { not: null } },
    select: { id: true },
  });
  await enqueueJobs(documents.map((document) => callbackJob(document.id, kind)));
}
