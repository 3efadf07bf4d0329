import type { AuthContext } from "@/lib/auth/context";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { formatInTimeZone } from "@/lib/i18n/time-zone";
import { evidenceResult } from "@/lib/evidence/evidence-result";
import type { DocumentStatusView } from "./document-status-schema";
import { isRetryable } from "./retry-rule";
import { channelInclude, deliveryColumns } from "./signer-channel";

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
      sealedAt: true,
      certificateSha256: true,
      files: { orderBy: { id: "asc" }, select: { hexId: true, fileName: true, sha256: true, signedSha256: true } },
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
          rejectionReason: true,
          deliveries: {
            orderBy: { id: "asc" },
            select: deliveryColumns,
          },
        },
      },
    },
  });
  if (!document) throw new AppError("NOT_FOUND");
  // Every sending operation logs the document's hexId as its record id; the staff's part of the timeline is those rows.
  const logs = await tx.operationLog.findMany({
    where: { organizationId: context.organizationId, moduleId: "DOCUMENTO", detail: { contains: `recordId=${document.hexId};` } },
    orderBy: { id: "asc" },
    select: { eventTimestamp: true, operationEventId: true, eventUserId: true },
  });
  // The signers' part is the document's hash-chained audit trail (opening, steps, evidence, checks, rejection).
  const audit = await tx.auditEvent.findMany({
    where: { document: { hexId: documentHexId, organizationId: context.organizationId } },
    orderBy: { sequence: "asc" },
    select: { type: true, createdAt: true, payload: true },
  });
  const evidenceRows = await tx.evidence.findMany({
    where: { signer: { document: { hexId: documentHexId, organizationId: context.organizationId } } },
    orderBy: { id: "asc" },
    select: { hexId: true, kind: true, check: true, createdAt: true, signer: { select: { hexId: true, status: true } } },
  });
  // Staff are named by their public hexId: operation logs and a reviewer's audit events hold the internal id.
  const staffIds = [
    ...logs.flatMap((log) => (log.eventUserId === null ? [] : [log.eventUserId])),
    ...audit.flatMap((event) => {
      const by = (event.payload as Record<string, unknown> | null)?.by;
      return typeof by === "number" ? [by] : [];
    }),
  ];
  const users = await tx.user.findMany({ where: { id: { in: [...new Set(staffIds)] } }, select: { id: true, hexId: true } });
  const userHexIds = new Map(users.map((user) => [user.id, user.hexId]));
  const timeZone = await organizationTimeZone(context.organizationId);
  const at = (date: Date) => `${formatInTimeZone(date, timeZone)} (${timeZone})`;
  const kindOf = new Map(evidenceRows.map((e) => [e.hexId, e.kind]));
  const text = (value: unknown) => (typeof value === "string" && value ? value : null);
  const staff = logs.map((log) => ({
    at: at(log.eventTimestamp),
    time: log.eventTimestamp.toISOString(),
    event: log.operationEventId,
    actor: "staff" as const,
    userHexId: log.eventUserId === null ? null : (userHexIds.get(log.eventUserId) ?? null),
    signerHexId: null,
    reason: null,
    evidenceKind: null,
    check: null,
  }));
  const trail = audit.map((event) => {
    const payload = (event.payload ?? {}) as Record<string, unknown>;
    const signerHexId = text(payload.signer);
    const evidence = text(payload.evidence);
    return {
      at: at(event.createdAt),
      time: event.createdAt.toISOString(),
      event: event.type,
      actor: event.type.startsWith("document.") ? ("system" as const) : ("signer" as const),
      userHexId: typeof payload.by === "number" ? (userHexIds.get(payload.by) ?? null) : null,
      signerHexId: signerHexId ?? (event.type === "document.rejected" ? text(payload.by) : null),
      reason: text(payload.reason),
      evidenceKind: text(payload.kind) ?? (evidence ? (kindOf.get(evidence) ?? null) : null),
      check: text(payload.check),
    };
  });
  const finished = (status: string) => !["PENDING", "IN_PROGRESS", "IN_REVIEW"].includes(status);
  // In the order they were queued: internal ids grow with time.
  const deliveries = document.signers
    .flatMap((signer) => signer.deliveries.map((delivery) => ({ signer, delivery })))
    .sort((a, b) => a.delivery.id - b.delivery.id)
    .map(({ signer, delivery }) => ({
      deliveryHexId: delivery.hexId,
      signerHexId: signer.hexId,
      channel: delivery.channel,
      kind: delivery.kind,
      status: delivery.status,
      attempts: delivery.attempts,
      error: delivery.error,
      sentAt: iso(delivery.sentAt),
      createdAt: delivery.createdAt.toISOString(),
      retryable: isRetryable(document.status, signer, delivery.id),
    }));
  return {
    documentHexId: document.hexId,
    title: document.title,
    status: document.status,
    sentAt: iso(document.sentAt),
    completedAt: iso(document.completedAt),
    expirationDate: iso(document.expirationDate),
    sealedAt: iso(document.sealedAt),
    files: document.files.map((file) => ({
      fileHexId: file.hexId,
      fileName: file.fileName,
      sha256: file.sha256,
      signedSha256: file.signedSha256,
    })),
    certificateSha256: document.certificateSha256,
    orders: document.orders.map((order) => ({
      ...order,
      completed: document.signers.filter((s) => s.position === order.position && s.status === "COMPLETED").length,
    })),
    signers: document.signers.map((signer) => ({
      signerHexId: signer.hexId,
      firstName: signer.firstName,
      lastName: signer.lastName,
      email: signer.email,
      cellPhone: signer.cellPhone,
      position: signer.position,
      status: signer.status,
      invitedAt: iso(signer.invitedAt),
      signedAt: iso(signer.signedAt),
      rejectedAt: iso(signer.rejectedAt),
      rejectionReason: signer.rejectionReason,
    })),
    deliveries,
    evidences: evidenceRows.flatMap(({ signer, ...evidence }) =>
      signer
        ? [
            {
              signerHexId: signer.hexId,
              kind: evidence.kind,
              check: evidence.check,
              result: evidenceResult(evidence.kind, evidence.check, finished(signer.status)),
              createdAt: evidence.createdAt.toISOString(),
            },
          ]
        : [],
    ),
    // One history, oldest first: what staff did and what signers did, each at its own time.
    timeline: [...staff, ...trail].sort((a, b) => a.time.localeCompare(b.time)),
  };
}
