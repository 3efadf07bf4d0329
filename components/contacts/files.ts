"use client";

import type { ApiError, ApiResult } from "@/components/client/api-client";
import { downloadFile } from "@/components/client/download-file";

// Contact files travel as multipart uploads and binary downloads, which the JSON client does not do.

async function errorOf(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => null);
  const error = (payload && typeof payload === "object" ? payload : {}) as Partial<ApiError>;
  return { ...error, errorCode: error.errorCode ?? "SERVER_ERROR", message: error.message ?? "" };
}

const lost = (message: string): ApiResult<never> => ({ ok: false, error: { errorCode: "CONNECTION_LOST", message } });

/** POST /api/contacts/import with the file and the mode; errors come back in the page's language. */
export async function uploadContactFile<T>(
  file: File,
  mode: "preview" | "commit",
  locale: string,
  connectionLostMessage: string,
): Promise<ApiResult<T>> {
  const form = new FormData();
  form.set("file", file);
  form.set("mode", mode);
  let response: Response;
  try {
    response = await fetch("/api/contacts/import", {
      method: "POST",
      body: form,
      headers: { "accept-language": locale },
      credentials: "same-origin",
    });
  } catch {
    return lost(connectionLostMessage);
  }
  if (!response.ok) return { ok: false, error: await errorOf(response) };
  return { ok: true, data: (await response.json()) as T };
}

/** Downloads the export through fetch, so a refusal shows as a notice instead of a JSON page. */
export async function downloadContacts(
  format: "xlsx" | "csv",
  search: string,
  locale: string,
  connectionLostMessage: string,
): Promise<ApiResult<null>> {
  const params = new URLSearchParams({ format });
  if (search) params.set("search", search);
  return downloadFile(`/api/contacts/export?${params}`, { locale, fallbackName: `contacts.${format}`, connectionLostMessage });
}
