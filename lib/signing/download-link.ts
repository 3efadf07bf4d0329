import { jwtVerify, SignJWT } from "jose";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { packSignedFiles, signedFilesSelect } from "@/lib/documents/download-signed";
import { lockDocumentById } from "@/lib/documents/lock-document";
import { AppError } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/config";

const audience = "rubrica-files-download";
const validDays = 30;

function secret(): Uint8Array {
  return new TextEncoder().encode(env().AUTH_SECRET);
}

/**
 * The {urlDownload} of /files-download: a signed token naming the shipment and the signer it was
 * given to, valid 30 days. Nothing is stored; it cannot be forged or pointed at another shipment.
 */
export async function filesDownloadToken(documentHexId: string, signerHexId: string): Promise<string> {
  return new SignJWT({ doc: documentHexId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(signerHexId)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${validDays}d`)
    .sign(secret());
}

async function readToken(token: string): Promise<{ documentHexId: string; signerHexId: string }> {
  try {
    const { payload } = await jwtVerify(token, secret(), { audience, algorithms: ["HS256"] });
    if (typeof payload.doc !== "string" || typeof payload.sub !== "string") throw new Error("claims");
    return { documentHexId: payload.doc, signerHexId: payload.sub };
  } catch {
    throw new AppError("INVALID_LINK");
  }
}

async function documentOf(token: string) {
  const { documentHexId, signerHexId } = await readToken(token);
  const document = await db.document.findUnique({
    where: { hexId: documentHexId },
    select: { ...signedFilesSelect, id: true, organization: { select: { name: true, hexId: true } } },
  });
  const signer = document
    ? await db.signer.findFirst({ where: { hexId: signerHexId, documentId: document.id }, select: { hexId: true } })
    : null;
  if (!document || !signer) throw new AppError("INVALID_LINK");
  return { document, signer };
}

/** What /files-download shows: the shipment, whether its signed files are ready, and their names. */
export async function filesDownloadView(token: string) {
  const { document } = await documentOf(token);
  const ready = document.status === "COMPLETED" && document.files.every((f) => f.signedStorageKey);
  return {
    title: document.title,
    status: document.status,
    ready,
    certificate: ready && document.certificateStorageKey !== null,
    organization: document.organization,
    files: document.files.map((f) => ({ hexId: f.hexId, fileName: f.fileName })),
  };
}

/** GET /api/signprocess/download/{urlDownload}: the signed PDF (or a ZIP), each download in the audit trail. */
export async function downloadForSigner(token: string, fileHexId: string | undefined, locale: Locale, meta: RequestMeta) {
  const { document, signer } = await documentOf(token);
  const packed = await packSignedFiles(document, fileHexId, locale);
  await db.$transaction(async (tx) => {
    await lockDocumentById(tx, document.id);
    await appendAuditEvent(tx, { documentId: document.id }, "signer.downloaded", {
      signer: signer.hexId,
      files: packed.fileHexIds,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
  });
  return packed;
}
