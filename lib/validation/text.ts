import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { readLimitedBody } from "@/lib/http/limited-body";

// The one rule for free text (issue 16): control characters are refused as the caller's mistake,
// before they reach PostgreSQL, which refuses NUL in text with a server error. Multi-line text
// (descriptions, messages, keys in PEM) keeps tab and line breaks; single-line text keeps none.

const lineControl = /[\u0000-\u001F\u007F]/;
const textControl = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function isCleanLine(value: string): boolean {
  return !lineControl.test(value);
}

export function isCleanText(value: string): boolean {
  return !textControl.test(value);
}

/** A one-line string field (names, titles, tags, searches, ids): no control character at all. */
export const lineText = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isCleanLine, "CONTROL_CHARACTER");

/** A multi-line string field: tab, line feed and carriage return are allowed, other control characters are not. */
export const multiLineText = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isCleanText, "CONTROL_CHARACTER");

/** The first string (or key) under `value` that breaks the multi-line rule, as a field path ("tags.1"), or null. */
export function controlCharacterPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === "string") return isCleanText(value) ? null : path.join(".");
  if (depth > 64 || value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const here = [...path, key];
    if (!isCleanLine(key)) return here.join(".");
    const found = controlCharacterPath(item, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const maxJsonBytes = 10 * 1024 * 1024;

/**
 * Refuses a request whose path parameters or query carry a control character, or whose JSON body
 * has one in any string outside tab and line breaks: the field error, never a 500 further down.
 */
export async function refuseControlCharacters(request: Request, params: unknown): Promise<void> {
  for (const [name, value] of Object.entries(params && typeof params === "object" ? params : {})) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === "string" && !isCleanLine(v))) throw new AppError("CONTROL_CHARACTER", { field: name });
  }
  for (const [name, value] of new URL(request.url).searchParams) {
    if (!isCleanLine(name) || !isCleanLine(value)) throw new AppError("CONTROL_CHARACTER", { field: isCleanLine(name) ? name : "query" });
  }
  if (request.body === null || !(request.headers.get("content-type") ?? "").toLowerCase().includes("json")) return;
  // JSON bodies are forms and drawn signatures (2 MB at most): a larger one is not read whole.
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxJsonBytes) throw new AppError("REQUEST_TOO_LARGE");
  const bytes = await readLimitedBody(request.clone().body!, maxJsonBytes, {
    tooLarge: () => new AppError("REQUEST_TOO_LARGE"),
    invalid: () => new AppError("VALIDATION_FAILED"),
  });
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return; // the handler answers a body that is not JSON
  }
  const field = controlCharacterPath(body);
  if (field !== null) throw new AppError("CONTROL_CHARACTER", { field: field || "body" });
}
