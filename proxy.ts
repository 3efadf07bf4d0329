import { NextResponse, type NextRequest } from "next/server";
import { apiTokenFromCookies } from "@/lib/auth/portal-token";
import { signinPathFor } from "@/lib/auth/signin-path";
import { portalPages } from "@/lib/permissions/routes";
import { decodeJwt } from "jose";

/**
 * First line of the route guard (spec §2): a portal path without a portal session, or whose
 * token's expiry time has passed, goes to /signin/{path}. Pages check the session and the
 * permission again on the server (lib/auth/page-guard.ts); this only saves a render.
 */
export async function proxy(request: NextRequest) {
  const segment = request.nextUrl.pathname.split("/")[1] ?? "";
  if (!Object.hasOwn(portalPages, segment)) return NextResponse.next();
  const token = await apiTokenFromCookies(request.cookies);
  const exp = token ? decodeJwt(token).exp : undefined;
  if (!token || !exp || exp * 1000 <= Date.now()) {
    const target = request.nextUrl.clone();
    target.pathname = signinPathFor(request.nextUrl.pathname);
    target.search = token ? "?reason=SESSION_EXPIRED" : "";
    return NextResponse.redirect(target);
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/((?!api|_next|favicon.ico|.*\\.[a-z0-9]+$).*)"],
};
