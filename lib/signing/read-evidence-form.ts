import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { openEvidence } from "@/lib/security/evidence-envelope";
import { type EvidenceUpload, evidenceFields, maxVideoBytes } from "./upload-evidence";

/**
 * The multipart form of an evidence upload: the fields of `evidenceFields` and the captured `file`,
 * which may come sealed (keyId, encryptedKey, iv: lib/security/evidence-envelope.ts).
 */
export async function readEvidenceForm(request: NextRequest, defaults: Partial<Record<string, string>> = {}): Promise<EvidenceUpload> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxVideoBytes + 1024 * 1024) throw new AppError("EVIDENCE_TOO_LARGE");
  const form = await request.formData().catch(() => {
    throw new AppError("EVIDENCE_FILE_INVALID");
  });
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0) throw new AppError("EVIDENCE_FILE_INVALID");
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : defaults[name];
  };
  const fields = evidenceFields.parse({
    kind: text("kind"),
    uploadId: text("uploadId"),
    capturedAt: text("capturedAt"),
    accepted: text("accepted"),
    detail: text("detail"),
  });
  return {
    ...fields,
    kind: fields.kind as EvidenceUpload["kind"],
    bytes: await openEvidence(form, new Uint8Array(await file.arrayBuffer())),
  };
}
