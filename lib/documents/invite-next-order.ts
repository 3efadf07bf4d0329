import { db } from "@/lib/db/client";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { queueDeliveries } from "./invite-signers";
import { orderSatisfied } from "./sending-rules";
import { lockDocumentById } from "./lock-document";
import { isActiveDocument, unfinishedSignerStatuses } from "./shipment-states";
import { channelInclude } from "./signer-channel";
import { recordDocumentEvent } from "@/lib/webhooks/record-event";

export type NextOrderOutcome = { invitedOrder: number | null; completed: boolean };

/**
 * Called when a signer completes. Orders are satisfied in turn: the first order whose completed
 * signers are below its minimum (or with a mandatory signer still to sign) is the current one, and its signers are invited if they were not
 * yet. When every order reaches its minimum the document is COMPLETED and links still open close
 * (CANCELLED), so nobody signs a finished document. The document row lock serialises two signers
 * completing at once.
 */
export async function inviteNextOrderIfDue(documentId: number): Promise<NextOrderOutcome> {
  const { outcome, jobs } = await db.$transaction(async (tx) => {
    const none = { outcome: { invitedOrder: null, completed: false }, jobs: [] };
    if (!(await lockDocumentById(tx, documentId))) return none;
    // One query after another: sibling relations of one query would run at once on the transaction's connection.
    const { status } = await tx.document.findUniqueOrThrow({ where: { id: documentId }, select: { status: true } });
    const orders = await tx.signerOrder.findMany({ where: { documentId }, select: { position: true, minSigners: true } });
    const signers = await tx.signer.findMany({ where: { documentId }, include: channelInclude, orderBy: { id: "asc" } });
    const document = { status, orders, signers };
    if (!isActiveDocument(document.status)) return none;
    const positions = [...new Set(document.signers.map((s) => s.position))].sort((a, b) => a - b);
    for (const position of positions) {
      const inOrder = document.signers.filter((s) => s.position === position);
      const minimum = document.orders.find((o) => o.position === position)?.minSigners ?? inOrder.length;
      if (orderSatisfied(inOrder, minimum)) continue;
      const uninvited = inOrder.filter((s) => s.status === "PENDING" && !s.invitedAt);
      if (uninvited.length === 0) return none;
      return { outcome: { invitedOrder: position, completed: false }, jobs: await queueDeliveries(tx, uninvited, "INVITATION") };
    }
    const now = new Date();
    await tx.document.update({ where: { id: documentId }, data: { status: "COMPLETED", completedAt: now } });
    await tx.signer.updateMany({ where: { documentId, status: { in: unfinishedSignerStatuses } }, data: { status: "CANCELLED" } });
    await tx.delivery.updateMany({ where: { status: "QUEUED", signer: { documentId } }, data: { status: "CANCELLED" } });
    await recordDocumentEvent(tx, documentId, "document.completed");
    return { outcome: { invitedOrder: null, completed: true }, jobs: [] };
  });
  await enqueueJobs(jobs);
  return outcome;
}
