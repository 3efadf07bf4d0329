"use client";

import type { ApiResult } from "@/components/client/api-client";

/**
 * One multipart POST through XMLHttpRequest, because fetch cannot report upload progress.
 * Errors come back as the API's `{errorCode, message}` in the page's language.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  options: { locale: string; connectionLostMessage: string; onProgress: (fraction: number) => void },
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("accept-language", options.locale);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = null;
      }
      if (request.status >= 200 && request.status < 300) {
        options.onProgress(1);
        resolve({ ok: true, data: payload as T });
        return;
      }
      const error = (payload && typeof payload === "object" ? payload : {}) as { errorCode?: string; message?: string };
      resolve({ ok: false, error: { ...error, errorCode: error.errorCode ?? "SERVER_ERROR", message: error.message ?? "" } });
    };
    request.onerror = () => resolve({ ok: false, error: { errorCode: "CONNECTION_LOST", message: options.connectionLostMessage } });
    request.send(form);
  });
}
