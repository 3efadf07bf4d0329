"use client";

import type { ApiError } from "@/components/client/api-client";
import { isRetryableStatus } from "@/lib/evidence/capture-size";
import type { PendingCapture } from "./pending-captures";
import { postForm } from "@/components/client/post-form";
import { apiPath, type ProcessKind } from "@/lib/process-routes";
import { appendEncryptedFile, forgetServerPublicKey } from "./encrypt-evidence";

export type EvidenceAnswer = { result: number; evidenceHexId: string; sha256: string; finished: boolean; next: string | null };

export type SendOutcome =
  | { ok: true; data: EvidenceAnswer }
  /** No answer, or one worth trying again later (offline, timeout, server error). */
  | { ok: false; retry: true; status: number }
  /** The server's final word on this capture. */
  | { ok: false; retry: false; error: ApiError };

const timeoutMs = 90_000;

/**
 * The multipart form of POST /api/signprocess/{processHexId}/evidence (or a validation's) for one kept capture, the photo
 * sealed for the server's key (application-layer encryption in transit, encrypt-evidence.ts).
 */
export async function evidenceForm(capture: PendingCapture): Promise<FormData> {
  const form = new FormData();
  form.set("kind", capture.kind);
  form.set("uploadId", capture.uploadId);
  form.set("capturedAt", capture.capturedAt);
  if (capture.accepted !== undefined) form.set("accepted", String(capture.accepted));
  const extension = capture.type === "image/png" ? "png" : "jpg";
  await appendEncryptedFile(
    form,
    new Blob([capture.bytes], { type: capture.type || "image/jpeg" }),
    `${capture.kind.toLowerCase()}.${extension}`,
  );
  return form;
}

/** Sends one capture with its upload progress. The link's secret travels in X-Url-Sign; errors come back in the page's language. */
export async function sendEvidence(
  capture: PendingCapture,
  options: { urlSign: string; kind?: ProcessKind; locale: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<SendOutcome> {
  // Fetching the server's key can fail like the upload itself: retried the same way.
  const form = await evidenceForm(capture).catch(() => null);
  if (!form) return { ok: false, retry: true, status: 0 };
  const { status, payload } = await postForm(
    apiPath({ urlSign: options.urlSign, processHexId: capture.processHexId, kind: options.kind }, "evidence"),
    form,
    {
      headers: { "x-url-sign": options.urlSign, "accept-language": options.locale },
      timeoutMs,
      onProgress: options.onProgress,
      signal: options.signal,
    },
  );
  if (status === 0) return { ok: false, retry: true, status: 0 };
  if (status >= 200 && status < 300 && payload) return { ok: true, data: payload as EvidenceAnswer };
  if (payload?.errorCode === "EVIDENCE_DECRYPT_FAILED") {
    // The server's key changed since it was fetched: fetch it again and resend.
    forgetServerPublicKey();
    return { ok: false, retry: true, status };
  }
  if (isRetryableStatus(status)) return { ok: false, retry: true, status };
  // A refusal that is not ours (a proxy's page): said by its status, never retried in a loop.
  const error = (payload ?? { errorCode: status === 413 ? "EVIDENCE_TOO_LARGE" : "EVIDENCE_FILE_INVALID" }) as Partial<ApiError>;
  return { ok: false, retry: false, error: { ...error, errorCode: error.errorCode ?? "SERVER_ERROR", message: error.message ?? "" } };
}
