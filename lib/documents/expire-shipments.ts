import { enqueueSoftFail } from "@/lib/callbacks/completion-events";
import { db } from "@/lib/db/client";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { recordDocumentEvent } from "@/lib/webhooks/record-event";
import { deliveryJob, reminderJob } from "./shipment-jobs";
import { activeDocumentStatuses, unfinishedSignerStatuses } from "./shipment-states";

/** Work older than this that is still queued lost its job (Redis was down at commit): enqueue it again. */
const strandedAfterMs = 10 * 60_000;

/**
 * Job shipments.expire-sweep (repeating): shipments past their expiration date become EXPIRED and
 * their open links LAPSED; deliveries still queued for them are cancelled. It also re-adds the jobs
 * of stranded deliveries and reminders; their ids are deterministic, so live jobs are not doubled.
 */
export async function expireShipments(now = new Date()): Promise<{ expiredDocuments: number; lapsedSigners: number; requeued: number }> {
  const { expiredDocuments, lapsedSigners, expiredIds } = await db.$transaction(async (tx) => {
    const due = await tx.document.findMany({
      where: { status: { in: activeDocumentStatuses }, expirationDate: { lte: now } },
      select: { id: true },
    });
    const ids = due.map((d) => d.id);
    if (ids.length === 0) return { expiredDocuments: 0, lapsedSigners: 0, expiredIds: [] };
    const documents = await tx.document.updateMany({
      where: { id: { in: ids }, status: { in: activeDocumentStatuses } },
      data: { status: "EXPIRED" },
    });
    const signers = await tx.signer.updateMany({
      where: { documentId: { in: ids }, status: { in: unfinishedSignerStatuses } },
      data: { status: "LAPSED" },
    });
    await tx.delivery.updateMany({ where: { status: "QUEUED", signer: { documentId: { in: ids } } }, data: { status: "CANCELLED" } });
    const expired = await tx.document.findMany({ where: { id: { in: ids }, status: "EXPIRED" }, select: { id: true } });
    for (const document of expired) await recordDocumentEvent(tx, document.id, "document.expired");
    return { expiredDocuments: documents.count, lapsedSigners: signers.count, expiredIds: expired.map((d) => d.id) };
  });
  // The soft-fail callback of each shipment that expired now (job ids make a repeat harmless).
  await enqueueSoftFail(expiredIds, "expired");

  const before = new Date(now.getTime() - strandedAfterMs);
  const [deliveries, reminders] = await Promise.all([
    db.delivery.findMany({ where: { status: "QUEUED", createdAt: { lt: before } }, select: { id: true }, take: 1000 }),
    db.scheduledNotification.findMany({
      where: { sentAt: null, sendAt: { lt: before }, document: { status: { in: activeDocumentStatuses } } },
      select: { id: true, sendAt: true },
      take: 1000,
    }),
  ]);
  await enqueueJobs([...deliveries.map((d) => deliveryJob(d.id)), ...reminders.map((r) => reminderJob(r.id, r.sendAt, now))]);
  return { expiredDocuments, lapsedSigners, requeued: deliveries.length + reminders.length };
}
