import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { AppError } from "@/lib/errors/app-error";
import type { DocumentStatusView } from "./document-status";
import { deliveryRetryRefusal } from "./retry-rule";
import { queueSignerInvitation } from "./signer-delivery";

// Ids are 32-bit in the database: a larger number is no delivery, not a failed query.
export const deliveryIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * Retries a delivery that failed for good: a new delivery is queued and the failed one stays in
 * the history. Only the signer's latest delivery can be retried, so two clicks queue one message.
 */
export async function retryDelivery(
  context: AuthContext,
  documentHexId: string,
  rawDeliveryId: string,
  ip: string,
): Promise<DocumentStatusView> {
  const parsed = deliveryIdParam.safeParse(rawDeliveryId);
  if (!parsed.success) throw new AppError("NOT_FOUND");
  const deliveryId = parsed.data;
  return queueSignerInvitation(context, { documentHexId, deliveryId }, "DOCUMENT_DELIVERY_RETRY", ip, async (tx, signerId) => {
    const deliveries = await tx.delivery.findMany({ where: { signerId }, select: { id: true, status: true } });
    const refusal = deliveryRetryRefusal(deliveries, deliveryId);
    if (refusal) throw new AppError(refusal);
  });
}
