import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { Tx } from "@/lib/db/client";
import { inviteNextOrderIfDue } from "@/lib/documents/invite-next-order";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { stampSoonJob } from "@/lib/stamping/stamp-pending";
import { sealDocumentJob, signSignerJob } from "@/lib/sealing/pdf-jobs";
import { recordSignerEvent } from "@/lib/webhooks/record-event";

/**
 * The signer has done every step of the flow. Inside the caller's transaction (which holds the
 * document's lock): the signer is COMPLETED and the audit trail says so. After the commit the caller
 * calls afterSignerCompleted.
 */
export async function markSignerCompleted(tx: Tx, signer: { id: number; hexId: string; documentId: number }) {
  const now = new Date();
  await tx.signer.update({ where: { id: signer.id }, data: { status: "COMPLETED", signedAt: now } });
  await appendAuditEvent(tx, { documentId: signer.documentId }, "signer.completed", { signer: signer.hexId, at: now.toISOString() });
  await recordSignerEvent(tx, signer.id, "signer.completed");
}

/**
 * After the signer's completion is committed: their digital signature goes on the files (a job), their
 * evidence is stamped soon (a job), the next order is invited or the shipment completes, and a completed shipment is sealed (a job).
 */
export async function afterSignerCompleted(signerId: number, documentId: number): Promise<void> {
  await enqueueJobs([signSignerJob(signerId), stampSoonJob()]);
  const outcome = await inviteNextOrderIfDue(documentId);
  if (outcome.completed) await enqueueJobs([sealDocumentJob(documentId)]);
}
