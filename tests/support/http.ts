import { randomBytes } from "node:crypto";
import { NextRequest, NextResponse } from "next/server";
import { clientAddressHeader } from "@/lib/http/client-address";
import { assertDocumentedAnswer, operationParams } from "../integration/support/documented-answers";

type RouteHandler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  body?: unknown;
  token?: string | null;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  ip?: string;
};

/**
 * The header server.ts adds for the connection's address `ip` (lib/http/request.ts believes it only with this
 * process's token, which server.ts makes and which tests make here the same way).
 */
export function clientAddressHeaders(ip: string): Record<string, string> {
  process.env.RUBRICA_CLIENT_ADDRESS_TOKEN ??= randomBytes(24).toString("hex");
  return { [clientAddressHeader]: `${process.env.RUBRICA_CLIENT_ADDRESS_TOKEN} ${ip}` };
}

/** Statuses whose answers carry no body (a Response built with one throws). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/**
 * Runs a route handler as Next would and returns its answer once checked against the OpenAPI document
 * (documented-answers.ts): a status, a body or media type and headers the document promises for the handler's
 * operation. The body is read whole for the check and handed back in a fresh response with the same status and
 * headers, to be read as usual.
 */
async function checkedAnswer(handler: unknown, request: NextRequest, params: Record<string, string>): Promise<NextResponse> {
  const response = await (handler as RouteHandler)(request, { params: Promise.resolve(params) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  assertDocumentedAnswer(handler, { status: response.status, headers: response.headers, bytes });
  return new NextResponse(nullBodyStatuses.has(response.status) ? null : bytes, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * Sends a prepared request (a multipart upload, a stream, a download, any headers) to a route handler and returns
 * its checked answer (checkedAnswer). The request's method and path must be the handler's operation's, and its
 * path parameters are read from the URL with the operation's path template (`params` only for a handler
 * endpoint() did not wire). Integration tests reach route handlers only through this and call()
 * (tests/unit/integration-answers-checked.test.ts keeps it so).
 */
export async function sendRequest(handler: unknown, request: NextRequest, params: Record<string, string> = {}): Promise<NextResponse> {
  const fromUrl = operationParams(handler, { method: request.method, path: request.nextUrl.pathname });
  return checkedAnswer(handler, request, fromUrl ?? params);
}

/**
 * Calls a route handler with a JSON body (or none) as Next would; returns its checked answer (checkedAnswer):
 * status, parsed JSON and headers. The path parameters are `params`; unlike sendRequest(), the path and method
 * are not checked against the handler's operation (many tests name only what the handler reads).
 */
export async function call<T = Record<string, unknown>>(handler: unknown, path: string, options: CallOptions = {}) {
  const url = new URL(`http://127.0.0.1:3000${path}`);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    ...clientAddressHeaders(options.ip ?? "203.0.113.10"),
    "user-agent": "vitest",
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request = new NextRequest(url, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const response = await checkedAnswer(handler, request, options.params ?? {});
  const body = (await response.json()) as T;
  return { status: response.status, body, headers: response.headers };
}
