import { NextResponse } from "next/server";
import { isNearExpiry } from "@/lib/auth/tokens";
import { endpoint } from "@/lib/http/endpoint";
import { accountOperations } from "@/lib/openapi/operations/account";

/** Heartbeat of an active portal tab: keeps the session from idling out and reports its expiry. */
export const GET = endpoint(accountOperations.getSession, async (request, { context }) => {
  return NextResponse.json({ exp: context.exp, nearExpiry: isNearExpiry(context.exp) });
});
