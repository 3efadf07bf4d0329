import type { Tx } from "@/lib/db/client";
import { deliveryJob } from "./shipment-jobs";
import { favouriteChannel, type ChannelSource } from "./signer-channel";
import type { QueuedJob } from "@/lib/queue/enqueue";

export type InvitableSigner = ChannelSource & { id: number; invitedAt: Date | null };

/**
 * Queues one delivery per signer on their favourite channel and returns the jobs to enqueue once
 * the transaction commits. Invitations also stamp invitedAt (kept from the first invitation).
 * The link secret is not made here: the delivery job issues it when it builds the message.
 */
export async function queueDeliveries(
  tx: Tx,
  signers: readonly InvitableSigner[],
  kind: "INVITATION" | "REMINDER",
  now = new Date(),
): Promise<QueuedJob[]> {
  const reachable = signers.flatMap((signer) => {
    const channel = favouriteChannel(signer);
    return channel ? [{ signer, channel }] : [];
  });
  if (reachable.length === 0) return [];
  if (kind === "INVITATION") {
    const firstTime = reachable.filter(({ signer }) => !signer.invitedAt).map(({ signer }) => signer.id);
    if (firstTime.length > 0) await tx.signer.updateMany({ where: { id: { in: firstTime } }, data: { invitedAt: now } });
  }
  const deliveries = await tx.delivery.createManyAndReturn({
    data: reachable.map(({ signer, channel }) => ({ signerId: signer.id, channel: channel.type, kind })),
    select: { id: true },
  });
  return deliveries.map((delivery) => deliveryJob(delivery.id));
}
