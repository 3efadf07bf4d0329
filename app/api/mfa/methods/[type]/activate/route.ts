import { NextResponse } from "next/server";
import { methodParam, startMfaActivation } from "@/lib/auth/mfa-methods";
import { endpoint } from "@/lib/http/endpoint";
import { accountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(accountOperations.startMfaActivation, async (request, { context, params }) => {
  return NextResponse.json(await startMfaActivation(context, methodParam.parse(params.type)));
});
