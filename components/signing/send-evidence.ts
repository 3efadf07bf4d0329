"use client";

import type { ApiError } from "@/components/client/api-client";
import { isRetryableStatus } from "@/lib/signing/capture-size";
import type { PendingCapture } from "./pending-captures";
import { appendEncryptedFile, forgetServerPublicKey } from "./encrypt-evidence";

export type EvidenceAnswer = { result: number; evidence: string; sha256: string; finished: boolean; next: string | null };

export type SendOutcome =
  | { ok: true; data: EvidenceAnswer }
  /** No answer, or one worth trying again later (offline, timeout, server error). */
  | { ok: false; retry: true; status: number }
  /** The server's final word on this capture. */
  | { ok: false; retry: false; error: ApiError };

const timeoutMs = 90_000;

/**
 * The multipart form of POST /api/signprocess/{processHexId}/evidence for one kept capture, the photo
 * sealed for the server's key (application-layer encryption in transit, encrypt-evidence.ts).
 */
export async function evidenceForm(capture: PendingCapture): Promise<FormData> {
  const form = new FormData();
  form.set("kind", capture.kind);
  form.set("uploadId", capture.uploadId);
  form.set("capturedAt", capture.capturedAt);
  if (capture.accepted !== undefined) form.set("accepted", String(capture.accepted));
  const extension = capture.type === "image/png" ? "png" : "jpg";
  await appendEncryptedFile(form, new Blob([capture.bytes], { type: capture.type || "image/jpeg" }), `${capture.kind.toLowerCase()}.${extension}`);
  return form;
}

/**
 * Sends one capture with XMLHttpRequest, which (unlike fetch) reports upload progress. The link's
 * secret travels in X-Url-Sign; errors come back in the page's language.
 */
export async function sendEvidence(
  capture: PendingCapture,
  options: { urlSign: string; locale: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<SendOutcome> {
  // Fetching the server's key can fail like the upload itself: retried the same way.
  const form = await evidenceForm(capture).catch(() => null);
  if (!form) return { ok: false, retry: true, status: 0 };
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/signprocess/${encodeURIComponent(capture.processHexId)}/evidence`);
    xhr.setRequestHeader("x-url-sign", options.urlSign);
    xhr.setRequestHeader("accept-language", options.locale);
    xhr.timeout = timeoutMs;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const again = () => resolve({ ok: false, retry: true, status: 0 });
    xhr.onerror = again;
    xhr.ontimeout = again;
    xhr.onabort = again;
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && payload && typeof payload === "object") {
        resolve({ ok: true, data: payload as EvidenceAnswer });
        return;
      }
      if ((payload as { errorCode?: string } | null)?.errorCode === "EVIDENCE_DECRYPT_FAILED") {
        // The server's key changed since it was fetched: fetch it again and resend.
        forgetServerPublicKey();
        resolve({ ok: false, retry: true, status: xhr.status });
        return;
      }
      if (isRetryableStatus(xhr.status)) {
        resolve({ ok: false, retry: true, status: xhr.status });
        return;
      }
      // A refusal that is not ours (a proxy's page): said by its status, never retried in a loop.
      const error = (payload && typeof payload === "object" ? payload : { errorCode: xhr.status === 413 ? "EVIDENCE_TOO_LARGE" : "EVIDENCE_FILE_INVALID" }) as Partial<ApiError>;
      resolve({ ok: false, retry: false, error: { ...error, errorCode: error.errorCode ?? "SERVER_ERROR", message: error.message ?? "" } });
    };
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
