import { createHash } from "node:crypto";
import { zipSync } from "fflate";
import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { storage } from "@/lib/storage";

export const downloadQuery = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "NOT_FOUND")
    .optional()
    .describe("One file's fileHexId; without it a shipment of several files comes as a ZIP"),
});

export type SignedDownload = { fileName: string; contentType: "application/pdf" | "application/zip"; body: Uint8Array };

/** Names inside a ZIP must differ: a second "contrato.pdf" becomes "contrato (2).pdf". */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    if (count === 1) return name;
    const dot = name.lastIndexOf(".");
    return dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`;
  });
}

const baseName = (fileName: string) =>
  fileName
    .replace(/\.pdf$/i, "")
    .replace(/[\\/:*?"<>|\r\n]+/g, "_")
    .trim() || "documento";

type DocumentWithFiles = {
  hexId: string;
  title: string;
  status: string;
  files: { hexId: string; fileName: string; signedStorageKey: string | null; signedSha256: string | null }[];
};

export const signedFilesSelect = {
  hexId: true,
  title: true,
  status: true,
  files: { orderBy: { id: "asc" as const }, select: { hexId: true, fileName: true, signedStorageKey: true, signedSha256: true } },
} as const;

/**
 * The signed PDF of a completed shipment, or a ZIP of all of them when it holds several files and
 * none is asked for. Before completion there is nothing signed to give; a completed shipment whose
 * signed files are still being produced says so. Staff (below) and signers (/files-download) share it.
 */
export async function packSignedFiles(
  document: DocumentWithFiles,
  fileHexId: string | undefined,
  locale: Locale,
): Promise<SignedDownload & { fileHexIds: string[] }> {
  const files = fileHexId ? document.files.filter((file) => file.hexId === fileHexId) : document.files;
  if (fileHexId && files.length === 0) throw new AppError("NOT_FOUND");
  if (document.status !== "COMPLETED") throw new AppError("DOWNLOAD_NOT_COMPLETED");
  if (files.length === 0 || files.some((file) => !file.signedStorageKey)) throw new AppError("DOWNLOAD_NOT_READY");

  const contents = await Promise.all(
    files.map(async (file) => {
      const bytes = await storage().get(file.signedStorageKey!);
      // A stored file that no longer matches its hash must never be handed out as the signed document.
      if (file.signedSha256 && createHash("sha256").update(bytes).digest("hex") !== file.signedSha256)
        throw new Error(`Signed file ${file.hexId} does not match its hash`);
      return { file, bytes };
    }),
  );
  const t = translator(locale, "docdetail");
  const signedName = (name: string) => `${t("download.signedName", { name: baseName(name) })}.pdf`;
  const fileHexIds = files.map((file) => file.hexId);
  const [single] = contents;
  if (contents.length === 1 && single)
    return { fileName: signedName(single.file.fileName), contentType: "application/pdf", body: single.bytes, fileHexIds };
  const names = uniqueNames(contents.map(({ file }) => signedName(file.fileName)));
  // PDFs are compressed already: stored, not deflated again.
  const zip = zipSync(Object.fromEntries(contents.map(({ bytes }, index) => [names[index]!, [bytes, { level: 0 }]])));
  return {
    fileName: `${t("download.signedName", { name: baseName(document.title) })}.zip`,
    contentType: "application/zip",
    body: zip,
    fileHexIds,
  };
}

/** GET /api/documents/{hexId}/download: staff download the signed shipment, logged as an operation. */
export async function downloadSignedDocument(
  context: AuthContext,
  documentHexId: string,
  raw: unknown,
  locale: Locale,
  ip: string,
): Promise<SignedDownload> {
  const query = downloadQuery.parse(raw);
  const document = await db.document.findFirst({
    where: { hexId: documentHexId, organizationId: context.organizationId },
    select: signedFilesSelect,
  });
  if (!document) throw new AppError("NOT_FOUND");
  const packed = await packSignedFiles(document, query.file, locale);
  await logOperation({
    module: "DOCUMENTO",
    organizationId: context.organizationId,
    userId: context.userId,
    event: "DOCUMENT_DOWNLOAD",
    ip,
    recordId: document.hexId,
    action: `DOCUMENT_DOWNLOAD files=${packed.fileHexIds.join(",")}`,
  });
  return { fileName: packed.fileName, contentType: packed.contentType, body: packed.body };
}
