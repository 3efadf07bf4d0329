import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db, type Tx } from "@/lib/db/client";
import { enqueueJobs, type QueuedJob } from "@/lib/queue/enqueue";
import { assertReadyToSend } from "./assert-ready-to-send";
import { documentStatus, type DocumentStatusView } from "./document-status";
import { queueDeliveries } from "./invite-signers";
import { lockOrganizationDocument } from "./lock-document";
import { reminderJob } from "./shipment-jobs";
import { channelInclude } from "./signer-channel";
import { recordDocumentEvent } from "@/lib/webhooks/record-event";

/**
 * Inside the caller's transaction, a draft the caller has locked (or has just created) goes
 * DRAFT → SENT with its first order's signers invited. Returns the jobs to enqueue once the
 * transaction commits: one delivery per invitation, one delayed job per scheduled reminder.
 */
export async function markDraftSent(
  tx: Tx,
  context: AuthContext,
  document: { id: number; hexId: string },
  ip: string,
  now: Date,
): Promise<QueuedJob[]> {
  await assertReadyToSend(document.id, tx);
  await tx.document.update({ where: { id: document.id }, data: { status: "SENT", sentAt: now } });
  const first = await tx.signer.aggregate({ where: { documentId: document.id }, _min: { position: true } });
  const signers = await tx.signer.findMany({
    where: { documentId: document.id, position: first._min.position ?? 1 },
    include: channelInclude,
  });
  const deliveries = await queueDeliveries(tx, signers, "INVITATION", now);
  const notifications = await tx.scheduledNotification.findMany({
    where: { documentId: document.id, sentAt: null },
    select: { id: true, sendAt: true },
  });
  await logOperation(
    {
      module: "DOCUMENTO",
      organizationId: context.organizationId,
      userId: context.userId,
      event: "DOCUMENT_SEND",
      ip,
      recordId: document.hexId,
    },
    tx,
  );
  await recordDocumentEvent(tx, document.id, "document.sent");
  return [...deliveries, ...notifications.map((n) => reminderJob(n.id, n.sendAt, now))];
}

/**
 * Sends a ready draft: DRAFT → SENT, the first order's signers invited, one delivery job per
 * invitation and one delayed job per scheduled reminder. The row lock and the DRAFT check make a
 * second send fail instead of inviting anyone twice; the jobs' ids make enqueueing idempotent.
 */
export async function sendDocument(context: AuthContext, documentHexId: string, ip: string): Promise<DocumentStatusView> {
  const now = new Date();
  const jobs = await db.$transaction(async (tx) => {
    const document = await lockOrganizationDocument(tx, context.organizationId, documentHexId);
    return markDraftSent(tx, context, document, ip, now);
  });
  await enqueueJobs(jobs);
  return documentStatus(context, documentHexId);
}
