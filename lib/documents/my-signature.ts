import { appendAuditEvent } from "@/lib/audit/audit-event";
import { logOperation } from "@/lib/audit/operation-log";
import type { AuthContext } from "@/lib/auth/context";
import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { lockOrganizationDocument } from "./lock-document";
import { activeDocumentStatuses, openSignerStatuses } from "./shipment-states";

/**
 * The signers that are the signed-in staff member: invited, still open, on a live shipment of the
 * caller's organisation, matched by e-mail. /inbox lists them and /docdetail/{id}/mySign signs them.
 */
export function mySignerWhere(context: AuthContext, documentHexId?: string): Prisma.SignerWhereInput {
  return {
    email: { equals: context.email, mode: "insensitive" },
    status: { in: openSignerStatuses },
    invitedAt: { not: null },
    document: {
      organizationId: context.organizationId,
      status: { in: [...activeDocumentStatuses, "IN_REVIEW"] },
      ...(documentHexId === undefined ? {} : { hexId: documentHexId }),
    },
  };
}

export type MyPendingSignature = {
  documentHexId: string;
  title: string;
  senderName: string | null;
  expirationDate: string | null;
};

/** The caller's own pending signature on one document; null when there is none for them. */
export async function findMyPendingSignature(context: AuthContext, documentHexId: string): Promise<MyPendingSignature | null> {
  if (context.apiKeyHexId !== null) return null;
  const signer = await db.signer.findFirst({
    where: mySignerWhere(context, documentHexId),
    select: {
      document: { select: { hexId: true, title: true, expirationDate: true, sender: { select: { firstName: true, lastName: true } } } },
    },
  });
  if (!signer) return null;
  const { document } = signer;
  return {
    documentHexId: document.hexId,
    title: document.title,
    senderName: document.sender ? `${document.sender.firstName} ${document.sender.lastName}` : null,
    expirationDate: document.expirationDate?.toISOString() ?? null,
  };
}

/**
 * POST /api/documents/{hexId}/my-signature: a staff member signs their own pending document from
 * the portal. The server checks that the signed-in person is that signer, then issues them a fresh
 * link of their own (the one mailed ends, as with a resend) and sends them through the signer
 * pages like any signer: the same steps, evidence and audit trail. Never for an API key.
 */
export async function openMySignature(context: AuthContext, documentHexId: string, meta: RequestMeta): Promise<{ redirect: string }> {
  if (context.apiKeyHexId !== null) throw new AppError("FORBIDDEN");
  const urlSign = randomHex(16);
  const signerHexId = await db.$transaction(async (tx) => {
    const document = await lockOrganizationDocument(tx, context.organizationId, documentHexId);
    const signer = await tx.signer.findFirst({
      where: mySignerWhere(context, document.hexId),
      orderBy: { id: "asc" },
      select: { id: true, hexId: true },
    });
    if (!signer) throw new AppError("NOT_FOUND");
    // A queued invitation would issue yet another link and end this one mid-process.
    await tx.delivery.updateMany({ where: { signerId: signer.id, status: "QUEUED" }, data: { status: "CANCELLED" } });
    await tx.signer.update({ where: { id: signer.id }, data: { urlSignHash: sha256Hex(urlSign) } });
    await appendAuditEvent(tx, { documentId: document.id }, "signer.portal-link-issued", {
      signer: signer.hexId,
      user: context.userHexId,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await logOperation(
      {
        module: "MYSIGN",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "MY_SIGNATURE_OPENED",
        ip: meta.ip,
        recordId: document.hexId,
        action: `MY_SIGNATURE_OPENED signer=${signer.hexId}`,
      },
      tx,
    );
    return signer.hexId;
  });
  return { redirect: `/sign/${urlSign}/${signerHexId}` };
}
