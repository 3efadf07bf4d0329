import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { confirmMfaActivation, methodParam } from "@/lib/auth/mfa-methods";
import { endpoint } from "@/lib/http/endpoint";
import { accountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(accountOperations.confirmMfaActivation, async (request, { context, params, json: body }) => {
  const result = await confirmMfaActivation(context, methodParam.parse(params.type), body, requestMeta(request.headers));
  return NextResponse.json({ ...result, expiresAt: result.expiresAt?.toISOString() });
});
