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

/** What `?file=` names besides a fileHexId: the shipment's audit certificate, a sealed PDF of its own. */
export const certificateSelector = "certificate";

export const downloadQuery = z.object({
  file: z
    .string()
    .regex(/^(?:[0-9a-f]{32}|certificate)$/, "NOT_FOUND")
    .optional()
    .describe(
      "One signed file's fileHexId, or `certificate` for the audit certificate (its own sealed PDF); without it, a ZIP of every signed file and the audit certificate",
    ),
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
  certificateStorageKey: string | null;
  certificateSha256: string | null;
  files: { hexId: string; fileName: string; signedStorageKey: string | null; signedSha256: string | null }[];
};

export const signedFilesSelect = {
  hexId: true,
  title: true,
  status: true,
  certificateStorageKey: true,
  certificateSha256: true,
  files: { orderBy: { id: "asc" as const }, select: { hexId: true, fileName: true, signedStorageKey: true, signedSha256: true } },
} as const;

/** A stored file, refused if it no longer matches its hash: it must never be handed out as the signed document. */
async function readChecked(key: string, sha256: string | null, what: string): Promise<Uint8Array> {
  const bytes = await storage().get(key);
  if (sha256 && createHash("sha256").update(bytes).digest("hex") !== sha256) throw new Error(`${what} does not match its hash`);
  return bytes;
}

/**
 * What a completed shipment delivers: one signed PDF (`?file={fileHexId}`), the audit certificate
 * (`?file=certificate`, a sealed PDF of its own that names the signed files by their SHA-256), or without
 * a choice a ZIP of every signed file with the certificate. Before completion there is nothing signed to
 * give; a completed shipment whose files are still being sealed says so. Staff (below) and signers
 * (/files-download) share it. A shipment sealed before the certificate became its own file has none: its
 * single signed file then comes as it is.
 */
export async function packSignedFiles(
  document: DocumentWithFiles,
  selection: string | undefined,
  locale: Locale,
): Promise<SignedDownload & { fileHexIds: string[] }> {
  const wantsCertificate = selection === certificateSelector;
  const files = wantsCertificate ? [] : selection ? document.files.filter((file) => file.hexId === selection) : document.files;
  if (selection && !wantsCertificate && files.length === 0) throw new AppError("NOT_FOUND");
  if (document.status !== "COMPLETED") throw new AppError("DOWNLOAD_NOT_COMPLETED");
  const sealed = document.files.length > 0 && document.files.every((file) => file.signedStorageKey);
  if (!sealed || (wantsCertificate && !document.certificateStorageKey)) {
    // Sealed before the certificate was a file of its own: it is inside the signed file.
    if (wantsCertificate && sealed) throw new AppError("NOT_FOUND");
    throw new AppError("DOWNLOAD_NOT_READY");
  }

  const t = translator(locale, "docdetail");
  const signedName = (name: string) => `${t("download.signedName", { name: baseName(name) })}.pdf`;
  const certificateName = `${t("download.certificateName", { name: baseName(document.title) })}.pdf`;
  const contents = await Promise.all(
    files.map(async (file) => ({
      name: signedName(file.fileName),
      bytes: await readChecked(file.signedStorageKey!, file.signedSha256, `Signed file ${file.hexId}`),
    })),
  );
  const withCertificate = document.certificateStorageKey && (wantsCertificate || !selection);
  if (withCertificate)
    contents.push({
      name: certificateName,
      bytes: await readChecked(document.certificateStorageKey!, document.certificateSha256, `Audit certificate of ${document.hexId}`),
    });
  const fileHexIds = [...files.map((file) => file.hexId), ...(withCertificate ? [certificateSelector] : [])];
  const [single] = contents;
  if (contents.length === 1 && single) return { fileName: single.name, contentType: "application/pdf", body: single.bytes, fileHexIds };
  const names = uniqueNames(contents.map(({ name }) => name));
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
