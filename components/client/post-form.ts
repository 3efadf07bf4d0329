"use client";

/** What came back from a multipart POST: the status (0 when no answer came) and the JSON body, if any. */
export type FormAnswer = { status: number; payload: Record<string, unknown> | null };

/**
 * POSTs a multipart form with XMLHttpRequest, which (unlike fetch) reports upload progress. Never
 * rejects: a dropped connection, a timeout or an abort answer status 0, for the caller to retry.
 */
export function postForm(
  url: string,
  form: FormData,
  options: { headers?: Record<string, string>; timeoutMs: number; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<FormAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.timeout = options.timeoutMs;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const noAnswer = () => resolve({ status: 0, payload: null });
    xhr.onerror = noAnswer;
    xhr.ontimeout = noAnswer;
    xhr.onabort = noAnswer;
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      resolve({ status: xhr.status, payload: payload && typeof payload === "object" ? (payload as Record<string, unknown>) : null });
    };
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
