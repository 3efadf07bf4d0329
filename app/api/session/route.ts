import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { isNearExpiry } from "@/lib/auth/tokens";

/** Heartbeat of an active portal tab: keeps the session from idling out and reports its expiry. */
export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request);
  return NextResponse.json({ exp: context.exp, nearExpiry: isNearExpiry(context.exp) });
});
