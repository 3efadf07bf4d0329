import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { documentStatus, type DocumentStatusView } from "./document-status";
import { queueDeliveries } from "./invite-signers";
import { lockOrganizationDocument } from "./lock-document";
import { invitationRefusal } from "./retry-rule";
import { channelInclude } from "./signer-channel";

type Target = { documentHexId: string; signerHexId: string } | { documentHexId: string; deliveryHexId: string };

/**
 * Queues a new invitation to one signer of a live shipment (a resend, or the retry of a failed
 * delivery). Deliveries of that signer still queued are cancelled: the new message carries a fresh
 * link that ends the previous one, so sending both would only confuse the signer.
 */
export async function queueSignerInvitation(
  context: AuthContext,
  target: Target,
  event: string,
  ip: string,
  check?: (tx: Tx, signerId: number) => Promise<void>,
): Promise<DocumentStatusView> {
  const jobs = await db.$transaction(async (tx) => {
    const document = await lockOrganizationDocument(tx, context.organizationId, target.documentHexId);
    const signer =
      "signerHexId" in target
        ? await tx.signer.findFirst({ where: { hexId: target.signerHexId, documentId: document.id }, include: channelInclude })
        : await tx.signer.findFirst({
            where: { documentId: document.id, deliveries: { some: { hexId: target.deliveryHexId } } },
            include: channelInclude,
          });
    if (!signer) throw new AppError("NOT_FOUND");
    const { status } = await tx.document.findUniqueOrThrow({ where: { id: document.id }, select: { status: true } });
    const refusal = invitationRefusal(status, signer);
    if (refusal) throw new AppError(refusal);
    await check?.(tx, signer.id);
    await tx.delivery.updateMany({ where: { signerId: signer.id, status: "QUEUED" }, data: { status: "CANCELLED" } });
    const queued = await queueDeliveries(tx, [signer], "INVITATION");
    await logOperation(
      {
        module: "DOCUMENTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event,
        ip,
        recordId: document.hexId,
        action: `${event} signer=${signer.hexId}`,
      },
      tx,
    );
    return queued;
  });
  await enqueueJobs(jobs);
  return documentStatus(context, target.documentHexId);
}
