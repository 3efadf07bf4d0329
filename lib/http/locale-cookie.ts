import type { NextRequest, NextResponse } from "next/server";
import { decodeJwt } from "jose";
import { db } from "@/lib/db/client";
import { fromDbLanguage, localeCookie } from "@/lib/i18n/config";
import { httpsSite } from "./https-site";

/**
 * On a browser that has not chosen a language yet, a successful sign-in brings the user's stored
 * preference along (spec §7 i18n: the chosen locale is stored), so it follows them across devices.
 */
export async function applyStoredLocale(request: NextRequest, response: NextResponse, token: string): Promise<NextResponse> {
  if (request.cookies.has(localeCookie)) return response;
  const sub = decodeJwt(token).sub;
  if (!sub) return response;
  const user = await db.user.findUnique({ where: { hexId: sub }, select: { preferredLanguage: true } });
  if (user)
    response.cookies.set(localeCookie, fromDbLanguage(user.preferredLanguage), {
      path: "/",
      sameSite: "lax",
      secure: httpsSite(),
      maxAge: 60 * 60 * 24 * 365,
    });
  return response;
}
