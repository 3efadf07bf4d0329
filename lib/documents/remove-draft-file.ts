import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage";
import { loadDraftView, lockDraft } from "./draft-records";

/** Removes one file from a draft; its stored bytes go once the row is gone. */
export async function removeDraftFile(context: AuthContext, documentHexId: string, fileHexId: string, ip: string) {
  const { view, key } = await db.$transaction(async (tx) => {
    const document = await lockDraft(tx, context, documentHexId);
    const file = await tx.documentFile.findFirst({ where: { hexId: fileHexId, documentId: document.id } });
    if (!file) throw new AppError("NOT_FOUND");
    await tx.documentFile.delete({ where: { id: file.id } });
    await logOperation(
      {
        module: "DOCUMENTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "DOCUMENT_FILE_DELETE",
        ip,
        recordId: file.hexId,
      },
      tx,
    );
    return { view: await loadDraftView(document.id, tx), key: file.storageKey };
  });
  await storage().delete(key);
  return view;
}
