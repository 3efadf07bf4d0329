import type { AuthContext } from "@/lib/auth/context";
import { AppError } from "@/lib/errors/app-error";
import type { DocumentStatusView } from "./document-status";
import { deliveryRetryRefusal } from "./retry-rule";
import { queueSignerInvitation } from "./signer-delivery";

const hexIdPattern = /^[0-9a-f]{32}$/;

/**
 * Retries a delivery that failed for good: a new delivery is queued and the failed one stays in
 * the history. Only the signer's latest delivery can be retried, so two clicks queue one message.
 */
export async function retryDelivery(
  context: AuthContext,
  documentHexId: string,
  deliveryHexId: string,
  ip: string,
): Promise<DocumentStatusView> {
  // Anything but a hexId (an old numeric id, nothing) names no delivery.
  if (!hexIdPattern.test(deliveryHexId)) throw new AppError("NOT_FOUND");
  return queueSignerInvitation(context, { documentHexId, deliveryHexId }, "DOCUMENT_DELIVERY_RETRY", ip, async (tx, signerId) => {
    const deliveries = await tx.delivery.findMany({ where: { signerId }, select: { id: true, hexId: true, status: true } });
    const target = deliveries.find((delivery) => delivery.hexId === deliveryHexId);
    // The signer was found through this delivery, so it is among theirs.
    const refusal = deliveryRetryRefusal(deliveries, target?.id ?? 0);
    if (refusal) throw new AppError(refusal);
  });
}
