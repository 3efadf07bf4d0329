import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage";
import { liveSignerAccess } from "./signer-access";

/** The PDF a live signer is asked to sign, for the see-document viewer. Only files of their own shipment. */
export async function readDocumentFileForSigner(processHexId: string, urlSign: string | null, fileHexId: string, ip: string) {
  const access = await liveSignerAccess(processHexId, urlSign, ip);
  const file = await db.documentFile.findFirst({ where: { hexId: fileHexId, documentId: access.signer.documentId } });
  if (!file) throw new AppError("NOT_FOUND");
  return { fileName: file.fileName, bytes: await storage().get(file.storageKey) };
}
