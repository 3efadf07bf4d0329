import { NextResponse, type NextRequest } from "next/server";
import { ZodError, type ZodType } from "zod";
import { AppError, isAppError } from "@/lib/errors/app-error";
import { contextFromToken, assertAllowed, type AuthContext } from "@/lib/auth/context";
import { apiTokenFromCookies } from "@/lib/auth/portal-token";
import type { TokenStage } from "@/lib/auth/tokens";
import type { Requirement } from "@/lib/permissions/routes";
import { resolveLocale, localeCookie, type Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { zodToAppError } from "@/lib/validation/zod-errors";

export function requestLocale(request: NextRequest): Locale {
  return resolveLocale(request.cookies.get(localeCookie)?.value, request.headers.get("accept-language"));
}

/** `{ errorCode, message }` in the caller's language, with the code's HTTP status. */
export function errorResponse(error: AppError, locale: Locale, extra: Record<string, unknown> = {}): NextResponse {
  const t = translator(locale, "errors");
  const message = t(error.code, error.meta as Record<string, string | number>);
  return NextResponse.json({ errorCode: error.code, message, ...error.meta, ...extra }, { status: error.status });
}

type Handler<P> = (request: NextRequest, params: P) => Promise<Response>;

/** Wraps a route handler: AppError and zod failures become catalogue errors, anything else a 500. */
export function apiRoute<P = Record<string, string>>(handler: Handler<P>) {
  return async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    const locale = requestLocale(request);
    try {
      return await handler(request, await context.params);
    } catch (error) {
      if (isAppError(error)) return errorResponse(error, locale);
      if (error instanceof ZodError) return errorResponse(zodToAppError(error), locale);
      // Only the error's name and message: request bodies may hold passwords or evidence.
      console.error("[api] unhandled", request.method, request.nextUrl.pathname, error instanceof Error ? `${error.name}: ${error.message}` : "unknown");
      return errorResponse(new AppError("SERVER_ERROR"), locale);
    }
  };
}

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The caller's token: a Bearer header (integrators, SPA) or the portal's session cookie.
 * Cookie-authenticated writes must come from our own origin.
 */
export async function tokenFrom(request: NextRequest): Promise<string> {
  const header = request.headers.get("authorization");
  if (header?.toLowerCase().startsWith("bearer ")) return header.slice(7).trim();
  const fromCookie = await apiTokenFromCookies(request.cookies);
  if (!fromCookie) throw new AppError("UNAUTHENTICATED");
  if (unsafeMethods.has(request.method)) {
    // The Host the browser used, not nextUrl: behind `next start -H` or a proxy they differ.
    const origin = request.headers.get("origin");
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    if (origin && (!host || new URL(origin).host !== host)) throw new AppError("FORBIDDEN");
  }
  return fromCookie;
}

export async function requireAuth(
  request: NextRequest,
  requirement: Requirement = { kind: "staff" },
  stages: readonly TokenStage[] = ["full"],
): Promise<AuthContext> {
  const context = await contextFromToken(await tokenFrom(request), stages);
  if (context.stage === "full") assertAllowed(context, requirement);
  return context;
}

export async function parseJson<T>(request: NextRequest, schema: ZodType<T>): Promise<T> {
  const body: unknown = await request.json().catch(() => {
    throw new AppError("VALIDATION_FAILED");
  });
  return schema.parse(body);
}
