import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { getConfigNumber } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage";
import { loadDraftView, lockDraft } from "./draft-records";
import { safeFileName } from "@/lib/validation/file-name";
import { inspectPdf } from "./inspect-pdf";

export const uploadFileInput = z.object({
  // Stored and shown as its base name: the browser's or client's name is not trusted (issue 16).
  fileName: z.string({ error: "EMPTY_FIELD" }).transform((name) => safeFileName(name)),
  documentTypeHexId: z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .string()
      .regex(/^[0-9a-f]{32}$/, "VALIDATION_FAILED")
      .nullable()
      .default(null),
  ),
});

/** Adds one PDF to a draft: size within max_upload_mb, a readable unencrypted PDF by content, not one the product signed. */
export async function uploadDraftFile(context: AuthContext, documentHexId: string, file: File, raw: unknown, ip: string) {
  const input = uploadFileInput.parse(raw);
  const maxMb = await getConfigNumber(context.organizationId, "max_upload_mb");
  if (file.size > maxMb * 1024 * 1024) throw new AppError("SHIPMENT_FILE_TOO_LARGE", { max: `${maxMb} MB` });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { pages } = await inspectPdf(bytes);
  const document = await db.document.findFirst({ where: { hexId: documentHexId, organizationId: context.organizationId } });
  if (!document) throw new AppError("NOT_FOUND");
  if (document.status !== "DRAFT") throw new AppError("SHIPMENT_NOT_DRAFT");
  const documentType = await db.documentType.findFirst({
    where: {
      organizationId: context.organizationId,
      ...(input.documentTypeHexId ? { hexId: input.documentTypeHexId } : { isDefault: true }),
    },
  });
  if (input.documentTypeHexId && !documentType) throw new AppError("NOT_FOUND");
  const stored = await storage().put(bytes);
  try {
    return await db.$transaction(async (tx) => {
      const draft = await lockDraft(tx, context, documentHexId);
      const created = await tx.documentFile.create({
        data: {
          documentId: draft.id,
          documentTypeId: documentType?.id ?? null,
          fileName: input.fileName,
          storageKey: stored.key,
          sha256: stored.sha256,
          size: stored.size,
          pages,
        },
      });
      await logOperation(
        {
          module: "DOCUMENTO",
          organizationId: context.organizationId,
          userId: context.userId,
          event: "DOCUMENT_FILE_UPLOAD",
          ip,
          recordId: created.hexId,
        },
        tx,
      );
      return loadDraftView(draft.id, tx);
    });
  } catch (error) {
    await storage().delete(stored.key);
    throw error;
  }
}
