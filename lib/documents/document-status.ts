import type { AuthContext } from "@/lib/auth/context";
import { formatEventTimestamp } from "@/lib/audit/operation-log";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { DocumentStatusView } from "./document-status-schema";
import { isRetryable } from "./retry-rule";
import { channelInclude } from "./signer-channel";

export type { DocumentStatusView } from "./document-status-schema";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The shipment as staff and integrators see it. Built from an explicit select: no link, secret or
 * secret hash can reach it (a sender holding a signer's link could sign in their place).
 */
export async function documentStatus(context: AuthContext, documentHexId: string, tx: Tx | typeof db = db): Promise<DocumentStatusView> {
  const document = await tx.document.findFirst({
    where: { hexId: documentHexId, organizationId: context.organizationId },
    select: {
      hexId: true,
      title: true,
      status: true,
      sentAt: true,
      completedAt: true,
      expirationDate: true,
      orders: { select: { position: true, minSigners: true }, orderBy: { position: "asc" } },
      signers: {
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: {
          hexId: true,
          firstName: true,
          lastName: true,
          email: true,
          cellPhone: true,
          position: true,
          status: true,
          invitedAt: true,
          signedAt: true,
          rejectedAt: true,
          contact: channelInclude.contact,
          deliveries: {
            orderBy: { id: "asc" },
            select: { id: true, channel: true, kind: true, status: true, attempts: true, error: true, sentAt: true, createdAt: true },
          },
        },
      },
    },
  });
  if (!document) throw new AppError("NOT_FOUND");
  // Every sending operation logs the document's hexId as its record id; the timeline is those rows.
  const logs = await tx.operationLog.findMany({
    where: { organizationId: context.organizationId, moduleId: "DOCUMENTO", detail: { contains: `recordId=${document.hexId};` } },
    orderBy: { id: "asc" },
    select: { eventTimestamp: true, operationEventId: true, eventUserId: true },
  });
  const deliveries = document.signers.flatMap((signer) =>
    signer.deliveries.map((delivery) => ({
      id: delivery.id,
      signerHexId: signer.hexId,
      channel: delivery.channel,
      kind: delivery.kind,
      status: delivery.status,
      attempts: delivery.attempts,
      error: delivery.error,
      sentAt: iso(delivery.sentAt),
      createdAt: delivery.createdAt.toISOString(),
      retryable: isRetryable(document.status, signer, delivery.id),
    })),
  );
  return {
    hexId: document.hexId,
    title: document.title,
    status: document.status,
    sentAt: iso(document.sentAt),
    completedAt: iso(document.completedAt),
    expirationDate: iso(document.expirationDate),
    orders: document.orders.map((order) => ({
      ...order,
      completed: document.signers.filter((s) => s.position === order.position && s.status === "COMPLETED").length,
    })),
    signers: document.signers.map((signer) => ({
      hexId: signer.hexId,
      firstName: signer.firstName,
      lastName: signer.lastName,
      email: signer.email,
      cellPhone: signer.cellPhone,
      position: signer.position,
      status: signer.status,
      invitedAt: iso(signer.invitedAt),
      signedAt: iso(signer.signedAt),
      rejectedAt: iso(signer.rejectedAt),
    })),
    deliveries: deliveries.sort((a, b) => a.id - b.id),
    timeline: logs.map((log) => ({ at: formatEventTimestamp(log.eventTimestamp), event: log.operationEventId, userId: log.eventUserId })),
  };
}
