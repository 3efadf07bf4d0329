import { AppError, isAppError } from "@/lib/errors/app-error";
import type { ErrorCode } from "@/lib/errors/codes";
import { inspectPdf } from "../inspect-pdf";
import { safeFileName } from "@/lib/validation/file-name";

/** An uploaded PDF by its file name: fit for a shipment, or the /prepare-document rule it breaks. */
export type Attachment =
  | { name: string; ok: true; bytes: Uint8Array; pages: number }
  | { name: string; ok: false; errorCode: ErrorCode; meta?: Record<string, string | number> };

type UploadedPdf = { name: string; size: number; arrayBuffer(): Promise<ArrayBuffer> };

/**
 * Every PDF of the request, checked by content as one upload to a draft is (inspect-pdf.ts and
 * max_upload_mb), keyed by its name without case: the file column names them.
 */
export async function readAttachments(files: readonly UploadedPdf[], maxUploadMb: number): Promise<Map<string, Attachment>> {
  const attachments = new Map<string, Attachment>();
  for (const file of files) {
    // The name a draft's file is stored under, as on /prepare-document; the file column is read the same way.
    const name = safeFileName(file.name);
    const key = name.toLowerCase();
    if (attachments.has(key)) throw new AppError("BATCH_IMPORT_PDF_REPEATED", { name });
    if (file.size > maxUploadMb * 1024 * 1024) {
      attachments.set(key, { name, ok: false, errorCode: "SHIPMENT_FILE_TOO_LARGE", meta: { max: `${maxUploadMb} MB` } });
      continue;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      const { pages } = await inspectPdf(bytes);
      attachments.set(key, { name, ok: true, bytes, pages });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const meta = error.meta as Record<string, string | number>;
      attachments.set(key, { name, ok: false, errorCode: error.code, ...(Object.keys(meta).length > 0 ? { meta } : {}) });
    }
  }
  return attachments;
}
