import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { readUploadForm } from "@/lib/http/read-form";
import { openEvidence } from "@/lib/security/evidence-envelope";
import { type EvidenceUpload, evidenceFields, maxVideoBytes } from "./upload-evidence";

/**
 * The multipart form of an evidence upload: the fields of `evidenceFields` and the captured `file`,
 * which may come sealed (keyId, encryptedKey, iv: lib/security/evidence-envelope.ts).
 */
export async function readEvidenceForm(request: NextRequest, defaults: Partial<Record<string, string>> = {}): Promise<EvidenceUpload> {
  return evidenceFromForm(await readEvidenceUpload(request), defaults);
}

/** The multipart body of an evidence upload, refused (EVIDENCE_TOO_LARGE) on its declared length or as it passes the largest capture. */
export async function readEvidenceUpload(request: NextRequest): Promise<FormData> {
  return readUploadForm(request, maxVideoBytes + 1024 * 1024, {
    tooLarge: () => new AppError("EVIDENCE_TOO_LARGE"),
    invalid: () => new AppError("EVIDENCE_FILE_INVALID"),
  });
}

/** The evidence in a form already read, with `defaults` for the fields it leaves out. */
export async function evidenceFromForm(form: FormData, defaults: Partial<Record<string, string>> = {}): Promise<EvidenceUpload> {
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

/**
 * The body of POST /{endpoint}/uploadNewSelfie (spec §7): form data with the process id
 * (`processHexId`), `file` and `selfieValidOnGov`; a selfie upload of the process's selfie step,
 * the flag kept in its detail.
 */
export async function readNewSelfieRequest(request: NextRequest): Promise<{ processHexId: string; upload: EvidenceUpload }> {
  const form = await readEvidenceUpload(request);
  const processHexId = String(form.get("processHexId") ?? form.get("id") ?? "");
  const upload = await evidenceFromForm(form, { kind: "SELFIE", uploadId: randomUUID(), accepted: "true" });
  const selfieValidOnGov = form.get("selfieValidOnGov") === "true";
  return { processHexId, upload: { ...upload, kind: "SELFIE", detail: JSON.stringify({ selfieValidOnGov }) } };
}
