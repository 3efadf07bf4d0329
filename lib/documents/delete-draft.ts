import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage";
import { lockDraft } from "./draft-records";

/** Deletes a draft with its files, signers and notifications; stored bytes go once the rows are gone. */
export async function deleteDraft(context: AuthContext, documentHexId: string, ip: string): Promise<void> {
  const keys = await db.$transaction(async (tx) => {
    const document = await lockDraft(tx, context, documentHexId);
    const files = await tx.documentFile.findMany({ where: { documentId: document.id }, select: { storageKey: true } });
    await tx.document.delete({ where: { id: document.id } });
    await logOperation(
      {
        module: "DOCUMENTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "DOCUMENT_DRAFT_DELETE",
        ip,
        recordId: document.hexId,
      },
      tx,
    );
    return files.map((f) => f.storageKey);
  });
  await Promise.all(keys.map((key) => storage().delete(key)));
}
