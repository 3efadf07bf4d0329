import { NextResponse, type NextRequest } from "next/server";
import { ZodError } from "zod";
import { AppError, isAppError, type ErrorMeta, type FieldProblem } from "@/lib/errors/app-error";
import type { ErrorCode } from "@/lib/errors/codes";
import { contextFromToken, assertAllowed, type AuthContext, type ContextOptions } from "@/lib/auth/context";
import { contextFromApiKey } from "@/lib/api-keys/context-from-api-key";
import { apiKeyHash, apiKeyMarker, isApiKeyShaped } from "@/lib/api-keys/key-secret";
import { db } from "@/lib/db/client";
import { apiTokenFromCookies } from "@/lib/auth/portal-token";
import type { TokenStage } from "@/lib/auth/tokens";
import type { Requirement } from "@/lib/permissions/routes";
import { resolveLocale, localeCookie, type Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { zodToAppError } from "@/lib/validation/zod-errors";
import { refuseControlCharacters } from "@/lib/validation/text";
import { observeHttpRequest } from "@/lib/health/metrics";
import { errorFields, logger } from "@/lib/log/logger";
import { answerWithRequestId } from "./request-id";
import { rateLimitHeaders } from "@/lib/security/rate-limit";
import { routeDescriptor } from "./route-descriptor";
import { withIdempotency } from "./idempotency";
import { requestMeta } from "./request";
import { urlSignFrom } from "@/lib/signing/http";
import { sha256Hex } from "@/lib/security/random";

export function requestLocale(request: NextRequest): Locale {
  return resolveLocale(request.cookies.get(localeCookie)?.value, request.headers.get("accept-language"));
}

/** A field at fault in an error answer: which, its catalogue code and that code's message. */
export type FieldError = { field: string; errorCode: ErrorCode; message: string };

export type ErrorBody = { errorCode: ErrorCode; message: string; fields?: FieldError[]; [value: string]: unknown };

/**
 * The one error shape: `{ errorCode, message, fields? }` in the caller's language, plus the values the message
 * names (`field`, `seconds`, `remaining`, …; `field`, the first field at fault, is what the portal's forms read).
 * `fields` lists every field at fault, each with its own code and message. The spec prescribes additions for a
 * few calls, which still carry this shape: /authenticate's pending second factor (token, hexId,
 * mfaMethodRequired), /verify's `result: -1`, the helper calls' `result: 0` and `description`
 * (lib/http/helper-route.ts); the batch import lists each row's errors under `errors`.
 */
export function errorBody(error: AppError, locale: Locale): ErrorBody {
  const t = translator(locale, "errors");
  const message = (code: ErrorCode, meta: ErrorMeta | undefined) => t(code, meta as Record<string, string | number>);
  const problems: readonly FieldProblem[] =
    error.fields.length > 0
      ? error.fields
      : typeof error.meta.field === "string"
        ? [{ field: error.meta.field, code: error.code, meta: error.meta }]
        : [];
  const fields = problems.map((p) => ({ field: p.field, errorCode: p.code, message: message(p.code, p.meta) }));
  return { errorCode: error.code, message: message(error.code, error.meta), ...error.meta, ...(fields.length > 0 ? { fields } : {}) };
}

/** errorBody with the code's HTTP status; a 429 also carries its wait and window in Retry-After and RateLimit-* headers. */
export function errorResponse(error: AppError, locale: Locale, extra: Record<string, unknown> = {}): NextResponse {
  return NextResponse.json({ ...errorBody(error, locale), ...extra }, { status: error.status, headers: rateLimitHeaders(error) });
}

type Handler<P> = (request: NextRequest, params: P) => Promise<Response>;

/**
 * Whose Idempotency-Key a request sends:
 * - caller: its organisation and API key, or its organisation and signed-in user (also during a sign-in's second factor);
 * - link: the signer's or validated person's link, named by its secret (X-Url-Sign, hashed): only the holder of the
 *   same secret gets the answer replayed;
 * - client: an anonymous caller, by its address (sign-up, password recovery).
 */
export type IdempotencyScope = "caller" | "link" | "client";

export type ApiRouteOptions = {
  /** Honours an Idempotency-Key header (lib/http/idempotency.ts): for every POST that creates or sends. */
  idempotent?: boolean;
  /** Whose keys they are (default caller). */
  idempotencyScope?: IdempotencyScope;
};

/**
 * Wraps a route handler: control characters in the path, query or JSON body are refused first
 * (lib/validation/text.ts); AppError and zod failures become catalogue errors, anything else a 500.
 */
export function apiRoute<P = Record<string, string>>(handler: Handler<P>, options: ApiRouteOptions = {}) {
  const answer = answering(options.idempotent ? idempotent(handler, options.idempotencyScope) : handler);
  // Timed for /api/metrics by the route's path pattern (never the raw path, whose ids would make a series each).
  // Answered in the request's log context (lib/http/request-id.ts); one line per answer, with the pattern too (the
  // raw path or query may hold a link secret).
  return (request: NextRequest, context: { params: Promise<P> }): Promise<Response> =>
    answerWithRequestId(request, async () => {
      const startedAt = performance.now();
      const response = await answer(request, context);
      const route = await Promise.resolve(context?.params).then(
        (params) => routeDescriptor(request.nextUrl.pathname, params),
        () => "unresolved",
      );
      observeHttpRequest(request.method, route, response.status, startedAt);
      logger("http").info(
        { method: request.method, route, status: response.status, ms: Math.round(performance.now() - startedAt) },
        "request answered",
      );
      return response;
    });
}

function answering<P>(handler: Handler<P>) {
  return async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    const locale = requestLocale(request);
    try {
      const params = await context.params;
      await refuseControlCharacters(request, params);
      return await handler(request, params);
    } catch (error) {
      if (isAppError(error)) return errorResponse(error, locale);
      if (error instanceof ZodError) return errorResponse(zodToAppError(error), locale);
      // Only the error's name and message: request bodies may hold passwords or evidence.
      logger("http").error({ method: request.method, ...errorFields(error) }, "unhandled error");
      return errorResponse(new AppError("SERVER_ERROR"), locale);
    }
  };
}

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function bearerValue(request: NextRequest): string | null {
  const header = request.headers.get("authorization");
  return header?.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : null;
}

/**
 * An integrator's API key: the X-API-Key header, or a Bearer value starting with the key marker
 * (a JWT never does). Null when the caller sent none.
 */
export function apiKeyFrom(request: NextRequest): string | null {
  const header = request.headers.get("x-api-key");
  if (header !== null) return header.trim();
  const bearer = bearerValue(request);
  return bearer?.startsWith(apiKeyMarker) ? bearer : null;
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}

/**
 * The caller's token: a Bearer header (integrators, SPA) or the portal's session cookie.
 * Cookie-authenticated writes must come from our own origin.
 */
export async function tokenFrom(request: NextRequest): Promise<string> {
  const bearer = bearerValue(request);
  if (bearer !== null) return bearer;
  const fromCookie = await apiTokenFromCookies(request.cookies);
  if (!fromCookie) throw new AppError("UNAUTHENTICATED");
  if (unsafeMethods.has(request.method)) {
    // The Host the browser used, not nextUrl: behind `next start -H` or a proxy they differ.
    const origin = request.headers.get("origin");
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    // "null" (a sandboxed frame, a redirect across origins) or anything unparsable is no origin of ours.
    if (origin !== null && (!host || originHost(origin) !== host)) throw new AppError("FORBIDDEN");
  }
  return fromCookie;
}

/**
 * Whose Idempotency-Key a request sends: its organisation and API key, or its organisation and signed-in user
 * (with a full session or one waiting for its second factor). Null when the credentials name nobody (the handler
 * refuses those). Resolved without counting against the key's rate limit, which the handler counts.
 */
async function callerScope(request: NextRequest): Promise<string | null> {
  const apiKey = apiKeyFrom(request);
  if (apiKey !== null) {
    if (!isApiKeyShaped(apiKey)) return null;
    const key = await db.apiKey.findUnique({
      where: { keyHash: apiKeyHash(apiKey) },
      select: { hexId: true, organization: { select: { hexId: true } } },
    });
    return key ? `org:${key.organization.hexId}:key:${key.hexId}` : null;
  }
  const context = await tokenFrom(request)
    .then((token) => contextFromToken(token, ["full", "mfa", "mfa-activation"]))
    .catch(() => null);
  return context ? `org:${context.organizationHexId}:user:${context.userHexId}` : null;
}

const scopes: Record<IdempotencyScope, (request: NextRequest) => Promise<string | null>> = {
  caller: callerScope,
  // The link's secret names it; its hash keeps the secret out of the table. Without one the handler refuses the call.
  link: async (request) => {
    const secret = urlSignFrom(request);
    return secret ? `link:${sha256Hex(secret)}` : null;
  },
  client: async (request) => `client:${requestMeta(request.headers).ip}`,
};

/** apiRoute with the `idempotent` option: for every POST that creates or sends. */
export function idempotentRoute<P = Record<string, string>>(handler: Handler<P>) {
  return apiRoute(handler, { idempotent: true });
}

/** `handler` honouring the Idempotency-Key header per caller (or link, or client); the same as apiRoute's `idempotent` option. */
export function idempotent<P>(handler: Handler<P>, scope: IdempotencyScope = "caller"): Handler<P> {
  return withIdempotency(handler, scopes[scope]);
}

/** Whoever calls: an API key when one is sent, else the staff token. No privilege is checked. */
export async function callerContext(
  request: NextRequest,
  stages: readonly TokenStage[] = ["full"],
  options: ContextOptions = {},
): Promise<AuthContext> {
  const apiKey = apiKeyFrom(request);
  if (apiKey === null) return contextFromToken(await tokenFrom(request), stages, options);
  const context = await contextFromApiKey(apiKey);
  if (!stages.includes(context.stage)) throw new AppError("FORBIDDEN");
  return context;
}

/**
 * The caller, allowed to meet `requirement`. An API key meets privilege requirements with its
 * role's authorities; "staff" routes act on a signed-in person's own account or session, which a
 * key does not have, so they refuse it.
 */
export async function requireAuth(
  request: NextRequest,
  requirement: Requirement = { kind: "staff" },
  stages: readonly TokenStage[] = ["full"],
  options: ContextOptions = {},
): Promise<AuthContext> {
  const context = await callerContext(request, stages, options);
  if (context.apiKeyHexId !== null && requirement.kind === "staff") throw new AppError("FORBIDDEN");
  if (context.stage === "full") assertAllowed(context, requirement);
  return context;
}
