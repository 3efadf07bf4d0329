import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, tokenFrom } from "@/lib/http/api";
import { switchMfaMethod } from "@/lib/auth/verify-mfa";
import { methodParam } from "@/lib/auth/mfa-methods";

/** During a pending sign-in: use another active method, sending its code. */
export const POST = apiRoute(async (request) => {
  const token = await tokenFrom(request);
  const { method } = await parseJson(request, z.object({ method: methodParam }));
  return NextResponse.json(await switchMfaMethod(token, method));
});
