import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { sendingViolation } from "./sending-rules";

/**
 * Throws the AppError of the first spec §5 sending rule the draft breaks. The caller has already
 * scoped `documentId` to its organisation; a document that is not a draft cannot be sent again.
 */
export async function assertReadyToSend(documentId: number, tx: Tx | typeof db = db): Promise<void> {
  const document = await tx.document.findUnique({
    where: { id: documentId },
    include: {
      flow: { select: { active: true, kind: true } },
      signers: { select: { position: true, email: true, cellPhone: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
      orders: { select: { position: true, minSigners: true } },
      notifications: { select: { sendAt: true } },
      _count: { select: { files: true } },
    },
  });
  if (!document) throw new AppError("NOT_FOUND");
  if (document.status !== "DRAFT") throw new AppError("SHIPMENT_NOT_DRAFT");
  const violation = sendingViolation({ ...document, fileCount: document._count.files }, new Date());
  if (violation) throw violation;
}
