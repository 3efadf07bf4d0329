import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { documentStatus, type DocumentStatusView } from "./document-status";
import { lockOrganizationDocument } from "./lock-document";
import { isActiveDocument, unfinishedSignerStatuses } from "./shipment-states";
import { recordDocumentEvent } from "@/lib/webhooks/record-event";

/**
 * Cancels a live shipment: the document and its open links become CANCELLED and queued deliveries
 * are cancelled, so their jobs find nothing to send when they run.
 */
export async function cancelDocument(context: AuthContext, documentHexId: string, ip: string): Promise<DocumentStatusView> {
  await db.$transaction(async (tx) => {
    const document = await lockOrganizationDocument(tx, context.organizationId, documentHexId);
    const { status } = await tx.document.findUniqueOrThrow({ where: { id: document.id }, select: { status: true } });
    if (!isActiveDocument(status)) throw new AppError("SENDING_NOT_ACTIVE");
    await tx.document.update({ where: { id: document.id }, data: { status: "CANCELLED" } });
    await tx.signer.updateMany({
      where: { documentId: document.id, status: { in: unfinishedSignerStatuses } },
      data: { status: "CANCELLED" },
    });
    await tx.delivery.updateMany({ where: { status: "QUEUED", signer: { documentId: document.id } }, data: { status: "CANCELLED" } });
    await logOperation(
      {
        module: "DOCUMENTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "DOCUMENT_CANCEL",
        ip,
        recordId: document.hexId,
      },
      tx,
    );
    await recordDocumentEvent(tx, document.id, "document.cancelled");
  });
  return documentStatus(context, documentHexId);
}
