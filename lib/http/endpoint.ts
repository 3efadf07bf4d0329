import type { NextRequest } from "next/server";
import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { ZodError } from "zod";
import { AppError, isAppError } from "@/lib/errors/app-error";
import type { ApiOperation } from "@/lib/openapi/registry";
import type { Requirement } from "@/lib/permissions/routes";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { unknownField } from "@/lib/validation/unknown-fields";
import { unknownFieldError } from "./unknown-field-error";
import { zodToAppError } from "@/lib/validation/zod-errors";
import { apiRoute, callerContext, errorResponse, requestLocale, requireAuth } from "./api";
import { helperRoute } from "./helper-route";
import { runAsOperation } from "./current-operation";
import { optionalAuth } from "./optional-auth";
import { requestMeta } from "./request";

type JsonBody<Op> = Op extends { body: { schema: infer B extends z.ZodType; mediaType?: "application/json" } } ? B : never;

/** The caller endpoint() hands the handler: none for public operations, maybe one for optional ones. */
export type EndpointContext<Op> = Op extends { requires: Requirement }
  ? AuthContext
  : Op extends { auth: "public" } | { authenticatesItself: true }
    ? null
    : Op extends { auth: "optional" }
      ? AuthContext | null
      : AuthContext;

export type EndpointArgs<Op extends ApiOperation> = {
  context: EndpointContext<Op>;
  /** The path parameters as sent: the use case judges them (an unknown id is its 404). */
  params: Op extends { pathParams: z.ZodObject<infer Shape> } ? { [K in keyof Shape]: string } : Record<string, string>;
  /** The query parsed with the descriptor's schema; reading it throws the schema's error for a query it refuses. */
  query: Op extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
  /** The JSON body parsed with the descriptor's schema (its defaults and transforms applied); reading it throws the schema's error for a body it refuses. */
  body: [JsonBody<Op>] extends [never] ? undefined : z.output<JsonBody<Op>>;
  /** The body as sent, for use cases that parse it themselves (with their own errors). */
  json: [JsonBody<Op>] extends [never] ? undefined : z.input<JsonBody<Op>>;
};

export type EndpointHandler<Op extends ApiOperation> = (request: NextRequest, args: EndpointArgs<Op>) => Promise<Response>;

/** A route handler made by endpoint(), carrying the descriptor it was wired from. */
export type Endpoint = ((request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  readonly descriptor: ApiOperation;
};

async function caller(request: NextRequest, op: ApiOperation): Promise<AuthContext | null> {
  if (op.requires) return requireAuth(request, op.requires, op.stages, op.contextOptions);
  if (op.authenticatesItself) return null;
  switch (op.auth) {
    case "public":
      return null;
    case "optional":
      return optionalAuth(request);
    default:
      return callerContext(request, op.stages, op.contextOptions);
  }
}

/** The JSON body: {} (or undefined when the descriptor allows none) when none was sent; not JSON is a validation error. */
async function jsonBody(request: NextRequest, optional: boolean): Promise<unknown> {
  const text = await request.text();
  // No body at all is an empty form: its schema names the first field missing.
  if (text.trim() === "") return optional ? undefined : {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("VALIDATION_FAILED");
  }
}

/**
 * A route handler wired from its descriptor (lib/openapi/operations/*.ts): the caller is
 * authenticated and checked as `requires` (or `auth`) says, the query and the JSON body are parsed
 * with the descriptor's schemas, a body field or query parameter the schema does not declare is refused
 * (400 VALIDATION_FAILED naming the field, in the caller's language), and only then the handler runs.
 * The descriptor's rate limits enforced by the endpoint are counted first, per client address; the
 * handler and its use cases may apply only the limits the descriptor declares.
 * apiRoute's guarantees hold: control characters refused, errors from the catalogue, metrics.
 * Multipart bodies are described in the descriptor and read by the handler (lib/http/read-form.ts refuses a
 * form field the descriptor does not declare).
 */
export function endpoint<const Op extends ApiOperation>(descriptor: Op, handler: EndpointHandler<Op>): Endpoint {
  const op: ApiOperation = descriptor;
  const endpointLimits = (op.rateLimits ?? []).filter((rule) => rule.enforcedBy === "endpoint");
  for (const rule of endpointLimits)
    if (rule.per !== "ip") throw new Error(`${op.operationId}: endpoint() counts limits per client address only, not ${rule.name}`);
  // The spec's helper calls answer their own error shape (lib/http/helper-route.ts).
  const inner = async (request: NextRequest, rawParams: Record<string, string>) => {
    if (!op.errorExtra) return answer(request, rawParams);
    try {
      return await answer(request, rawParams);
    } catch (error) {
      const appError = isAppError(error) ? error : error instanceof ZodError ? zodToAppError(error) : null;
      if (appError === null) throw error;
      return errorResponse(appError, requestLocale(request), op.errorExtra);
    }
  };
  // An operation that creates or sends honours Idempotency-Key (lib/http/idempotency.ts), as its descriptor says.
  const wired =
    op.errorShape === "helper"
      ? helperRoute(inner)
      : apiRoute(inner, { idempotent: op.idempotent === true, idempotencyScope: op.idempotencyScope });
  const answer = (request: NextRequest, params: Record<string, string>) => runAsOperation(op, () => answerDeclared(request, params));
  async function answerDeclared(request: NextRequest, params: Record<string, string>): Promise<Response> {
    for (const rule of endpointLimits) await enforceRateLimit(rule, requestMeta(request.headers).ip);
    const context = await caller(request, op);
    // The use cases judge what they are given with the same schemas and their own, more precise, errors (an
    // unknown event is their 404, a setting out of bounds names its bounds): a value the descriptor's schema
    // refuses reaches the handler as sent, and only reading `query` or `body` throws the schema's error.
    const sentQuery = Object.fromEntries(request.nextUrl.searchParams);
    // A parameter the query schema does not declare is refused, as a body field is.
    const queryField = op.query ? unknownField(op.query, sentQuery) : null;
    if (queryField !== null) throw unknownFieldError(request, queryField);
    const query = op.query ? op.query.safeParse(sentQuery) : undefined;
    let json: unknown;
    let body: z.ZodSafeParseResult<unknown> | undefined;
    const jsonDeclared = op.body !== undefined && (op.body.mediaType ?? "application/json") === "application/json";
    if (jsonDeclared && op.errorShape !== "helper") {
      json = await jsonBody(request, op.bodyOptional === true);
      if (json !== undefined) {
        body = op.body!.schema.safeParse(json);
        // A field the schema does not declare is refused even where zod would drop it: a typo is no default.
        const field = body.success ? unknownField(op.body!.schema, json) : null;
        if (field !== null) throw unknownFieldError(request, field);
      }
    } else if (jsonDeclared) {
      // A helper call reads its own body, the spec wording its failures (lib/http/helper-route.ts); a body its schema
      // accepts but with a field it does not declare is refused here all the same.
      const sent: unknown = await request
        .clone()
        .json()
        .catch(() => undefined);
      const field = op.body!.schema.safeParse(sent).success ? unknownField(op.body!.schema, sent) : null;
      if (field !== null) throw unknownFieldError(request, field);
    }
    const parsed = (result: z.ZodSafeParseResult<unknown> | undefined) => {
      if (result && !result.success) throw result.error;
      return result?.data;
    };
    const args = {
      context,
      params,
      json,
      get query() {
        return parsed(query);
      },
      get body() {
        return parsed(body);
      },
    };
    return handler(request, args as EndpointArgs<Op>);
  }
  return Object.assign(wired, { descriptor });
}

/** The descriptor a route handler was wired from, or null for a handler endpoint() did not make. */
export function descriptorOf(handler: unknown): ApiOperation | null {
  if (typeof handler !== "function") return null;
  const descriptor = (handler as Partial<Endpoint>).descriptor;
  return descriptor ?? null;
}
