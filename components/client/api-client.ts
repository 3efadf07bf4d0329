"use client";

/** What every API error carries (spec §7/§8): a catalogue code and a message in the user's language. */
export type ApiError = { errorCode: string; message: string; field?: string; [key: string]: unknown };

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/**
 * fetch for our own API: JSON in and out, the pre-auth token as Bearer when given. A dropped
 * connection becomes CONNECTION_LOST so the page can say "stay online" instead of failing silently.
 */
export async function callApi<T>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    token?: string | null;
    connectionLostMessage?: string;
    locale?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  // Errors come back in the page's language, not the browser's.
  if (options.locale) headers["accept-language"] = options.locale;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, error: { errorCode: "CONNECTION_LOST", message: options.connectionLostMessage ?? "CONNECTION_LOST" } };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload && typeof payload === "object" ? payload : {}) as Partial<ApiError>;
    return { ok: false, error: { ...error, errorCode: error.errorCode ?? "SERVER_ERROR", message: error.message ?? "" } };
  }
  return { ok: true, data: payload as T };
}
