import { createHash } from "node:crypto";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import { logOperation } from "@/lib/audit/operation-log";
import type { AuthContext } from "@/lib/auth/context";
import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { attachmentDisposition } from "@/lib/http/content-disposition";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { storage } from "@/lib/storage";
import { organizationProcess } from "@/lib/validation-review/process-detail";
import { validationProcessByLink } from "@/lib/validations/process-data";

// Who downloads a validation certificate: the organisation's staff (GET /api/validation-processes/{processHexId}/certificate,
// logged as an operation) and the validated person at the end of their process (GET /api/validation-process/{processHexId}/
// certificate with the process's secret in X-Url-Sign, in the process's audit trail). Only the sealed file is ever given.

export type CertificateFile = { fileName: string; bytes: Uint8Array; sha256: string };

/** The certificate as a download (staff's and the person's route alike): never cached, with its SHA-256 beside it. */
export function certificateResponse(file: CertificateFile): Response {
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-length": String(file.bytes.byteLength),
      "content-disposition": attachmentDisposition(file.fileName),
      "cache-control": "private, no-store",
      "x-certificate-sha256": file.sha256,
    },
  });
}

type CertifiedProcess = {
  hexId: string;
  status: string;
  firstName: string | null;
  lastName: string | null;
  certificateStorageKey: string | null;
  certificateSha256: string | null;
};

/** The sealed certificate, refused if the stored file no longer matches its hash; 409 while there is none yet. */
async function sealedCertificate(process: CertifiedProcess, locale: Locale): Promise<CertificateFile> {
  if (process.status !== "COMPLETED") throw new AppError("VALIDATION_CERTIFICATE_NOT_COMPLETED");
  if (!process.certificateStorageKey || !process.certificateSha256) throw new AppError("VALIDATION_CERTIFICATE_NOT_READY");
  const bytes = await storage().get(process.certificateStorageKey);
  if (createHash("sha256").update(bytes).digest("hex") !== process.certificateSha256)
    throw new Error(`Validation certificate of ${process.hexId} does not match its hash`);
  const name =
    [process.firstName, process.lastName]
      .filter(Boolean)
      .join(" ")
      .replace(/[\\/:*?"<>|\r\n]+/g, "_")
      .trim() || process.hexId;
  const fileName = `${translator(locale, "validationCertificate")("fileName", { name })}.pdf`;
  return { fileName, bytes, sha256: process.certificateSha256 };
}

/** Staff: the certificate of one of the caller's organisation's processes (another organisation's answers 404). */
export async function staffValidationCertificate(
  context: AuthContext,
  processHexId: string,
  locale: Locale,
  ip: string,
): Promise<CertificateFile> {
  const process = await organizationProcess(context, processHexId);
  const file = await sealedCertificate(process, locale);
  await logOperation({
    module: "FIRMA",
    organizationId: context.organizationId,
    userId: context.userId,
    event: "VALIDATION_CERTIFICATE_DOWNLOAD",
    ip,
    recordId: process.hexId,
    action: `VALIDATION_CERTIFICATE_DOWNLOAD process=${process.hexId} sha256=${file.sha256}`,
  });
  return file;
}

/**
 * The person: their own process's certificate, with the process's secret (a wrong secret counts against the caller's
 * address as every link call does: lib/validations/process-data.ts). Each download goes in the process's audit trail.
 */
export async function personValidationCertificate(
  processHexId: string,
  urlSign: string | null,
  locale: Locale,
  meta: RequestMeta,
): Promise<CertificateFile> {
  const process = await validationProcessByLink(processHexId, urlSign, meta.ip);
  const file = await sealedCertificate(process, locale);
  await db.$transaction(async (tx) => {
    // One trail writer at a time for this process.
    await tx.$queryRaw`SELECT id FROM "ValidationProcess" WHERE id = ${process.id} FOR UPDATE`;
    await appendAuditEvent(tx, { validationProcessId: process.id }, "validation.certificate-downloaded", {
      sha256: file.sha256,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
  });
  return file;
}
