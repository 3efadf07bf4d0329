import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { deactivateMfaMethod, methodParam } from "@/lib/auth/mfa-methods";
import { endpoint } from "@/lib/http/endpoint";
import { accountOperations } from "@/lib/openapi/operations/account";

export const DELETE = endpoint(accountOperations.deactivateMfaMethod, async (request, { context, params, json: body }) => {
  await deactivateMfaMethod(context, methodParam.parse(params.type), body, requestMeta(request.headers));
  return NextResponse.json({ result: 1 });
});
