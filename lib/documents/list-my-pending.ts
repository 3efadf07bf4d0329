import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { mySignerWhere } from "./my-signature";

export type MyPendingDocument = {
  documentHexId: string;
  title: string;
  senderName: string | null;
  invitedAt: string | null;
  expirationDate: string | null;
};

/**
 * /inbox: the caller's organisation's shipments that wait for the caller's own signature, found by
 * the signer's e-mail. Only signers already invited count; the link itself never leaves the mail.
 */
export async function listMyPending(context: AuthContext): Promise<MyPendingDocument[]> {
  const signers = await db.signer.findMany({
    where: mySignerWhere(context),
    orderBy: [{ invitedAt: "desc" }, { id: "desc" }],
    take: 200,
    select: {
      invitedAt: true,
      document: { select: { hexId: true, title: true, expirationDate: true, sender: { select: { firstName: true, lastName: true } } } },
    },
  });
  return signers.map((signer) => ({
    documentHexId: signer.document.hexId,
    title: signer.document.title,
    senderName: signer.document.sender ? `${signer.document.sender.firstName} ${signer.document.sender.lastName}` : null,
    invitedAt: signer.invitedAt?.toISOString() ?? null,
    expirationDate: signer.document.expirationDate?.toISOString() ?? null,
  }));
}
