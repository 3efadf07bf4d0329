import { NextResponse, type NextRequest } from "next/server";
import { apiTokenFromCookies } from "@/lib/auth/portal-token";
import { signinPathFor } from "@/lib/auth/signin-path";
import { httpsSite } from "@/lib/http/https-site";
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from "@/lib/http/security-headers";
import { portalPages } from "@/lib/permissions/routes";
import { decodeJwt } from "jose";

/**
 * First line of the route guard (spec §2): a portal path without a portal session, or whose
 * token's expiry time has passed, goes to /signin/{path}. Pages check the session and the
 * permission again on the server (lib/auth/page-guard.ts); this only saves a render.
 */
async function portalRedirect(request: NextRequest): Promise<NextResponse | null> {
  const segment = request.nextUrl.pathname.split("/")[1] ?? "";
  if (!Object.hasOwn(portalPages, segment)) return null;
  const token = await apiTokenFromCookies(request.cookies);
  const exp = token ? decodeJwt(token).exp : undefined;
  if (token && exp && exp * 1000 > Date.now()) return null;
  const target = request.nextUrl.clone();
  target.pathname = signinPathFor(request.nextUrl.pathname);
  target.search = token ? "?reason=SESSION_EXPIRED" : "";
  return NextResponse.redirect(target);
}

/**
 * Every page gets a Content-Security-Policy with a fresh nonce (Next applies the nonce of the request's
 * policy to its own scripts while rendering), HSTS when the site is https, and the portal's guard.
 */
export async function proxy(request: NextRequest) {
  const https = httpsSite();
  const policy = contentSecurityPolicy(newNonce());
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = (await portalRedirect(request)) ?? NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  for (const [name, value] of Object.entries(pageSecurityHeaders(https))) response.headers.set(name, value);
  return response;
}

export const config = {
  // Pages only: API routes answer JSON, and _next/static and public files are served as they are.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|.*\\.[a-z0-9]+$).*)"],
};
