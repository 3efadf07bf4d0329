import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { requestPasswordReset } from "@/lib/auth/password-recovery";
import { endpoint } from "@/lib/http/endpoint";
import { publicAccountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(publicAccountOperations.requestPasswordReset, async (request, { json }) => {
  await requestPasswordReset(json, requestMeta(request.headers));
  return NextResponse.json({ result: 1 });
});
