import { randomUUID } from "node:crypto";
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type RubricaClient = Client<paths>;

export type RubricaClientOptions = {
  /** Where Rúbrica answers, e.g. https://firma.example.com (the paths start with /api). */
  baseUrl: string;
  /** An API key (`rbk_…`), created in the portal under API access; sent as X-API-Key. */
  apiKey?: string;
  /** A staff token from POST /api/authenticate instead (webhook endpoint management takes a token only). */
  token?: string;
  /** The language of error messages and of what the answers word: es-es (default) or en-us. */
  language?: "es-es" | "en-us";
  /** Another fetch (a proxy agent, a test double). */
  fetch?: typeof globalThis.fetch;
};

/**
 * A typed client of every operation in the OpenAPI document: `client.POST("/api/documents", { body })` answers
 * `{ data, error, response }`, with the body, parameters, answer and error types of that operation.
 */
export function createRubricaClient(options: RubricaClientOptions): RubricaClient {
  const headers: Record<string, string> = { "Accept-Language": options.language ?? "es-es" };
  if (options.apiKey) headers["X-API-Key"] = options.apiKey;
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers,
    fetch: options.fetch,
    bodySerializer: serializeBody,
  });
}

const isFile = (value: unknown) => value instanceof Blob || (Array.isArray(value) && value.some((item) => item instanceof Blob));

/**
 * A body holding a file (a Blob or File, or a list of them: the `format: binary` fields of an upload) goes as
 * multipart/form-data, one part per field and per file, so an upload is typed like any other body:
 * `body: { file: new File([bytes], "contract.pdf", { type: "application/pdf" }) }`. Any other body goes as JSON.
 */
function serializeBody(body: unknown): string | FormData {
  if (body instanceof FormData) return body;
  if (typeof body !== "object" || body === null || !Object.values(body).some(isFile)) return JSON.stringify(body);
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) form.append(name, item instanceof Blob ? item : String(item));
  }
  return form;
}

/**
 * The Idempotency-Key header for a POST that creates or sends: retrying with the same key and body replays the
 * first answer instead of doing it twice (same key, another body: 409). Keep the key with the work it stands for.
 */
export function idempotencyKey(key: string = randomUUID()): { "Idempotency-Key": string } {
  return { "Idempotency-Key": key };
}

/** Every error answer: `{ errorCode, message, fields? }`, a catalogue code, a message in the caller's language, the fields at fault. */
export type RubricaErrorBody = components["schemas"]["Error"];
/** One field at fault in an error answer: `{ field, errorCode, message }`. */
export type RubricaFieldError = NonNullable<RubricaErrorBody["fields"]>[number];

/** An answer other than 2xx, thrown by `unwrap`. */
export class RubricaApiError extends Error {
  readonly status: number;
  readonly errorCode: RubricaErrorBody["errorCode"] | undefined;
  /** Every request field at fault, each with its own code and message (validation errors). */
  readonly fields: RubricaFieldError[] | undefined;
  /** Seconds to wait before trying again, from Retry-After (429 and 503). */
  readonly retryAfterSeconds: number | undefined;
  readonly body: unknown;

  constructor(response: Response, body: unknown) {
    const error = typeof body === "object" && body !== null ? (body as { errorCode?: unknown; message?: unknown; fields?: unknown }) : {};
    super(`${response.status} ${String(error.errorCode ?? response.statusText)}: ${String(error.message ?? "")}`.trim());
    this.name = "RubricaApiError";
    this.status = response.status;
    this.errorCode = typeof error.errorCode === "string" ? (error.errorCode as RubricaErrorBody["errorCode"]) : undefined;
    this.fields = Array.isArray(error.fields) ? (error.fields as RubricaFieldError[]) : undefined;
    const retryAfter = Number(response.headers.get("retry-after"));
    this.retryAfterSeconds = response.headers.has("retry-after") && Number.isFinite(retryAfter) ? retryAfter : undefined;
    this.body = body;
  }
}

/** The data of a successful answer, or a RubricaApiError: `const draft = unwrap(await client.POST(…))`. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok || result.error !== undefined) throw new RubricaApiError(result.response, result.error);
  return result.data as T;
}

/** The named schemas of the document: `Schemas["Error"]`, `Schemas["ApiKey"]`… */
export type Schemas = components["schemas"];
