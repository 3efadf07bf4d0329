import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { clientAddressHeader } from "@/lib/http/client-address";
import { assertDocumentedAnswer } from "../integration/support/documented-answers";

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

/**
 * Calls a route handler as Next would, with a real Request; returns status, parsed JSON and headers, once
 * the answer is checked against the OpenAPI document (tests/integration/support/documented-answers.ts).
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
  const response = await (handler as RouteHandler)(request, { params: Promise.resolve(options.params ?? {}) });
  const body = (await response.json()) as T;
  assertDocumentedAnswer(handler, response.status, response.headers.get("content-type"), body);
  return { status: response.status, body, headers: response.headers };
}
