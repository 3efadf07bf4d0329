"use client";

import type { ApiError, ApiResult } from "./api-client";

async function errorOf(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => null);
  const error = (payload && typeof payload === "object" ? payload : {}) as Partial<ApiError>;
  return { ...error, errorCode: error.errorCode ?? "SERVER_ERROR", message: error.message ?? "" };
}

/** RFC 6266: the UTF-8 `filename*` (accents kept) wins over the ASCII `filename`. */
export function fileNameOf(disposition: string): string | null {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

/**
 * GETs a file from our API and hands it to the browser as a download with the server's file name.
 * Through fetch, so a refusal (privilege, limits) comes back as an error to show, in the page's language.
 */
export async function downloadFile(
  path: string,
  options: { locale: string; fallbackName: string; connectionLostMessage: string; headers?: Record<string, string> },
): Promise<ApiResult<null>> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { ...options.headers, "accept-language": options.locale }, credentials: "same-origin" });
  } catch {
    return { ok: false, error: { errorCode: "CONNECTION_LOST", message: options.connectionLostMessage } };
  }
  if (!response.ok) return { ok: false, error: await errorOf(response) };
  const fileName = fileNameOf(response.headers.get("content-disposition") ?? "") ?? options.fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  return { ok: true, data: null };
}
