import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { Tx } from "@/lib/db/client";

/**
 * The signer has done every step of the flow. Inside the caller's transaction (which holds the
 * document's lock): the signer is COMPLETED and the audit trail says so. The caller then calls
 * inviteNextOrderIfDue, which invites the next order or completes the shipment.
 */
export async function markSignerCompleted(tx: Tx, signer: { id: number; hexId: string; documentId: number }) {
  const now = new Date();
  await tx.signer.update({ where: { id: signer.id }, data: { status: "COMPLETED", signedAt: now } });
  await appendAuditEvent(tx, { documentId: signer.documentId }, "signer.completed", { signer: signer.hexId, at: now.toISOString() });
}
