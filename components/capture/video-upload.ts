"use client";

import { apiPath, type ProcessKind } from "@/lib/process-routes";
import { createStore, del, get, set, type UseStore } from "idb-keyval";
import type { ApiError } from "@/components/client/api-client";
import { isRetryableUpload, uploadRetryDelaysMs } from "@/lib/evidence/video-recording";
import { postForm } from "@/components/client/post-form";
import { appendEncryptedFile } from "./encrypt-evidence";

/**
 * A recording kept in the browser (IndexedDB) from the moment it stops until the server confirmed
 * or refused it: a dropped connection or a reload does not lose it, and a retry sends the same
 * uploadId so the server never stores it twice. One per process. The link's secret is not kept.
 */
export type KeptRecording = {
  processHexId: string;
  uploadId: string;
  challengeId: string;
  digits: string;
  /** The deadline on this device's clock (epoch ms). */
  deadline: number;
  /** Seconds the signer had in all, for the countdown's bar. */
  seconds: number;
  bytes: ArrayBuffer;
  type: string;
  capturedAt: string;
  /** When the page showed each prompt, in ms from the recorder's start (the server judges the turns from then). */
  promptsShownAtMs?: number[];
  /** The signer pressed send: after a reload it is sent again by itself. */
  sending: boolean;
};

let store: UseStore | null | undefined;

function recordingStore(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === "undefined" ? null : createStore("rubrica-video", "recordings");
    } catch {
      store = null;
    }
  }
  return store;
}

/** Keeps it; false when this browser cannot (private mode, storage full): it then lives while the page is open. */
export async function keepRecording(recording: KeptRecording): Promise<boolean> {
  const target = recordingStore();
  if (!target) return false;
  try {
    await set(recording.processHexId, recording, target);
    return true;
  } catch {
    return false;
  }
}

export async function forgetRecording(processHexId: string): Promise<void> {
  const target = recordingStore();
  if (!target) return;
  try {
    await del(processHexId, target);
  } catch {
    // At worst it is offered again, and the server answers it from its uploadId.
  }
}

export async function keptRecording(processHexId: string): Promise<KeptRecording | null> {
  const target = recordingStore();
  if (!target) return null;
  try {
    const value = await get<KeptRecording>(processHexId, target);
    return value && value.processHexId === processHexId && value.bytes instanceof ArrayBuffer && typeof value.uploadId === "string"
      ? value
      : null;
  } catch {
    return null;
  }
}

export type VideoUploadAnswer = { result: number; evidenceHexId: string; finished: boolean; next: string | null };

export type UploadOutcome =
  | { ok: true; data: VideoUploadAnswer }
  /** No answer worth believing after every retry: the recording is kept for "send again". */
  | { ok: false; retry: true }
  /** The server's word on this recording. */
  | { ok: false; retry: false; error: ApiError };

type Attempt = { ok: true; data: VideoUploadAnswer } | { ok: false; status: number; error: ApiError | null };

const uploadTimeoutMs = 120_000;

async function sendOnce(
  url: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Attempt> {
  const { status, payload } = await postForm(url, form, { headers, timeoutMs: uploadTimeoutMs, onProgress, signal });
  if (status >= 200 && status < 300 && payload) return { ok: true, data: payload as VideoUploadAnswer };
  const body = payload as Partial<ApiError> | null;
  const error = body?.errorCode ? ({ ...body, errorCode: body.errorCode, message: body.message ?? "" } as ApiError) : null;
  return { ok: false, status, error };
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      window.clearTimeout(timer);
      resolve();
    });
  });

/**
 * POST /api/signprocess/{processHexId}/evidence (or a validation's, lib/process-routes.ts) with kind VIDEO and detail
 * {challengeId, late?, promptsShownAtMs?},
 * by XMLHttpRequest for its upload progress. No answer or a server failure is retried with the
 * same uploadId after a pause (`onRetry` says so to the signer); a refusal is final.
 */
export async function uploadRecording(
  recording: Pick<KeptRecording, "processHexId" | "uploadId" | "challengeId" | "bytes" | "type" | "capturedAt" | "promptsShownAtMs">,
  options: {
    urlSign: string;
    /** Whose evidence it is: a signer's unless said. */
    kind?: ProcessKind;
    locale: string;
    late?: boolean;
    onProgress?: (fraction: number) => void;
    onRetry?: (attempt: number) => void;
    signal?: AbortSignal;
  },
): Promise<UploadOutcome> {
  const form = new FormData();
  form.set("kind", "VIDEO");
  form.set("uploadId", recording.uploadId);
  form.set("capturedAt", recording.capturedAt);
  form.set(
    "detail",
    JSON.stringify({
      challengeId: recording.challengeId,
      ...(options.late ? { late: true } : {}),
      ...(recording.promptsShownAtMs?.length ? { promptsShownAtMs: recording.promptsShownAtMs } : {}),
    }),
  );
  const extension = recording.type === "video/mp4" ? "mp4" : "webm";
  try {
    await appendEncryptedFile(form, new Blob([recording.bytes], { type: recording.type }), `video.${extension}`);
  } catch {
    // The server's key could not be fetched (no connection): the recording stays kept for a retry.
    return { ok: false, retry: true };
  }
  const url = apiPath({ urlSign: options.urlSign, processHexId: recording.processHexId, kind: options.kind }, "evidence");
  const headers = { "x-url-sign": options.urlSign, "accept-language": options.locale };
  for (let attempt = 0; ; attempt += 1) {
    options.onProgress?.(0);
    const outcome = await sendOnce(url, form, headers, options.onProgress ?? (() => undefined), options.signal);
    if (outcome.ok) return outcome;
    if (options.signal?.aborted) return { ok: false, retry: true };
    if (!isRetryableUpload(outcome.status) && outcome.error) return { ok: false, retry: false, error: outcome.error };
    if (!isRetryableUpload(outcome.status)) {
      // A refusal that is not ours (a proxy's page): said by its status, never retried in a loop.
      const errorCode = outcome.status === 413 ? "EVIDENCE_TOO_LARGE" : "EVIDENCE_FILE_INVALID";
      return { ok: false, retry: false, error: { errorCode, message: "" } };
    }
    const delay = uploadRetryDelaysMs[attempt];
    if (delay === undefined) return { ok: false, retry: true };
    options.onRetry?.(attempt + 1);
    await wait(delay, options.signal);
    if (options.signal?.aborted) return { ok: false, retry: true };
  }
}
