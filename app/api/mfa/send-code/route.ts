import { NextResponse } from "next/server";
import { tokenFrom } from "@/lib/http/api";
import { switchMfaMethod } from "@/lib/auth/verify-mfa";
import { endpoint } from "@/lib/http/endpoint";
import { accountOperations } from "@/lib/openapi/operations/account";

/** During a pending sign-in: use another active method, sending its code. */
export const POST = endpoint(accountOperations.switchMfaMethod, async (request, { body }) => {
  const token = await tokenFrom(request);
  const { method } = body;
  return NextResponse.json(await switchMfaMethod(token, method));
});
