import type { DeliveryStatus, DocumentStatus, ProcessStatus } from "@/lib/db/generated/enums";
import type { ErrorCode } from "@/lib/errors/codes";
import { isActiveDocument, isOpenSigner } from "./shipment-states";
import { favouriteChannel, type ChannelSource } from "./signer-channel";

export type InvitableSigner = ChannelSource & { status: ProcessStatus; invitedAt: Date | null };
export type DeliveryFacts = { id: number; status: DeliveryStatus };

/**
 * Why a new invitation to this signer cannot go out now (a resend or a retry); null when it can.
 * The send paths throw it; the views call a delivery retryable only when it is null, so a screen
 * or an integrator never offers a retry that the server then refuses.
 */
export function invitationRefusal(documentStatus: DocumentStatus, signer: InvitableSigner): ErrorCode | null {
  if (!isActiveDocument(documentStatus)) return "SENDING_NOT_ACTIVE";
  if (!isOpenSigner(signer.status)) return "SENDING_SIGNER_CLOSED";
  if (!signer.invitedAt) return "SENDING_SIGNER_NOT_INVITED";
  if (!favouriteChannel(signer)) return "SENDING_CHANNEL_REQUIRED";
  return null;
}

/** Only the signer's latest delivery, failed for good, can be retried: two clicks queue one message. */
export function deliveryRetryRefusal(deliveries: readonly DeliveryFacts[], deliveryId: number): ErrorCode | null {
  const latest = deliveries.reduce<DeliveryFacts | null>((found, d) => (found && found.id > d.id ? found : d), null);
  return latest?.id === deliveryId && latest.status === "FAILED" ? null : "SENDING_DELIVERY_NOT_FAILED";
}

/** The one rule for "retryable": the retry endpoint accepts it. */
export function isRetryable(
  documentStatus: DocumentStatus,
  signer: InvitableSigner & { deliveries: readonly DeliveryFacts[] },
  deliveryId: number,
): boolean {
  return invitationRefusal(documentStatus, signer) === null && deliveryRetryRefusal(signer.deliveries, deliveryId) === null;
}
