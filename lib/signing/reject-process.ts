import { z } from "zod";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import { rejectionMailJob } from "@/lib/callbacks/callback-jobs";
import { enqueueSoftFail } from "@/lib/callbacks/completion-events";
import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { lockDocumentById } from "@/lib/documents/lock-document";
import { openSignerStatuses, unfinishedSignerStatuses } from "@/lib/documents/shipment-states";
import { AppError } from "@/lib/errors/app-error";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { liveSignerAccess } from "./signer-access";
import { recordDocumentEvent, recordSignerEvent } from "@/lib/webhooks/record-event";
import { errorFields, logger } from "@/lib/log/logger";

export const rejectionInput = z.object({
  reason: z.string({ error: "REJECTION_REASON_REQUIRED" }).trim().min(1, "REJECTION_REASON_REQUIRED").max(1000, "VALIDATION_FAILED"),
});

type SignerLike = { id: number; position: number; mandatory: boolean; status: string };

/** After this rejection, can every order still reach its minimum with all its mandatory signers? */
export function shipmentStillPossible(
  signers: readonly SignerLike[],
  orders: readonly { position: number; minSigners: number }[],
): boolean {
  const positions = new Set(signers.map((s) => s.position));
  for (const position of positions) {
    const inOrder = signers.filter((s) => s.position === position);
    if (inOrder.some((s) => s.mandatory && s.status === "REJECTED")) return false;
    const minimum = orders.find((o) => o.position === position)?.minSigners ?? inOrder.length;
    if (inOrder.filter((s) => s.status !== "REJECTED").length < minimum) return false;
  }
  return true;
}

/**
 * document-rejection: the signer declines, with a reason (spec §5). Only a signer the sender allowed
 * to reject, and only while none of their evidence has been verified. When the shipment can no
 * longer be completed (a mandatory signer, or an order below its minimum) it becomes REJECTED and
 * every other open link closes.
 */
export async function rejectProcess(processHexId: string, urlSign: string | null, raw: unknown, meta: RequestMeta) {
  const input = rejectionInput.parse(raw);
  const access = await liveSignerAccess(processHexId, urlSign, meta.ip);
  const { signer } = access;
  if (!signer.canReject) throw new AppError("REJECTION_NOT_ALLOWED");
  const verified = await db.evidence.count({ where: { signerId: signer.id, check: "VERIFIED" } });
  if (verified > 0) throw new AppError("REJECTION_EVIDENCE_VERIFIED");

  const { documentRejected } = await db.$transaction(async (tx) => {
    await lockDocumentById(tx, signer.documentId);
    const now = new Date();
    const updated = await tx.signer.updateMany({
      where: { id: signer.id, status: { in: openSignerStatuses } },
      data: { status: "REJECTED", rejectedAt: now, rejectionReason: input.reason, ip: meta.ip, userAgent: meta.userAgent },
    });
    if (updated.count === 0) throw new AppError("LINK_ENDED", { state: "REJECTED", status: "REJECTED" });
    await appendAuditEvent(tx, { documentId: signer.documentId }, "signer.rejected", {
      signer: signer.hexId,
      reason: input.reason,
      ip: meta.ip,
    });
    // Two queries in turn, not sibling relations of one: those would run at once on the transaction's connection.
    const orders = await tx.signerOrder.findMany({
      where: { documentId: signer.documentId },
      select: { position: true, minSigners: true },
    });
    const signers = await tx.signer.findMany({
      where: { documentId: signer.documentId },
      select: { id: true, position: true, mandatory: true, status: true },
    });
    await recordSignerEvent(tx, signer.id, "signer.rejected");
    if (shipmentStillPossible(signers, orders)) return { documentRejected: false };
    await tx.document.update({ where: { id: signer.documentId }, data: { status: "REJECTED" } });
    await tx.signer.updateMany({
      where: { documentId: signer.documentId, status: { in: unfinishedSignerStatuses } },
      data: { status: "CANCELLED" },
    });
    await tx.delivery.updateMany({ where: { status: "QUEUED", signer: { documentId: signer.documentId } }, data: { status: "CANCELLED" } });
    await appendAuditEvent(tx, { documentId: signer.documentId }, "document.rejected", { by: signer.hexId });
    await recordDocumentEvent(tx, signer.documentId, "document.rejected");
    return { documentRejected: true };
  });
  // The signer was told the reason reaches the sender: a mail says so, whether or not the shipment ended.
  await enqueueJobs([rejectionMailJob(signer.id)]).catch((error: unknown) => {
    logger("callbacks").error({ signerId: signer.id, ...errorFields(error) }, "rejection mail not enqueued");
  });
  if (documentRejected) {
    // The rejection is committed: a Redis outage must not turn the signer's answer into an error.
    await enqueueSoftFail([signer.documentId], "rejected").catch((error: unknown) => {
      logger("callbacks").error({ documentId: signer.documentId, ...errorFields(error) }, "soft-fail callback not enqueued");
    });
  }
  return { result: 1, documentRejected };
}
