import type { Tx } from "@/lib/db/client";
import { markSignerCompleted } from "./complete-signer";

/**
 * The signer's current step is done: inside the caller's transaction (which holds the document's
 * lock) the process moves to the next step with a fresh attempt count, the shipment is IN_PROGRESS,
 * and after the last step the signer is COMPLETED. When `finished`, the caller calls
 * afterSignerCompleted once the transaction is committed.
 */
export async function advanceSignerStep(
  tx: Tx,
  signer: { id: number; hexId: string; documentId: number; startedAt: Date | null },
  currentStep: number,
  stepCount: number,
): Promise<{ nextStep: number; finished: boolean }> {
  const nextStep = currentStep + 1;
  await tx.signer.update({
    where: { id: signer.id },
    data: { currentStep: nextStep, status: "IN_PROGRESS", attempts: 0, startedAt: signer.startedAt ?? new Date() },
  });
  await tx.document.updateMany({ where: { id: signer.documentId, status: "SENT" }, data: { status: "IN_PROGRESS" } });
  const finished = nextStep >= stepCount;
  if (finished) await markSignerCompleted(tx, signer);
  return { nextStep, finished };
}
