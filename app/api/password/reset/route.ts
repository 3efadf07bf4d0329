import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { resetPassword } from "@/lib/auth/password-recovery";
import { endpoint } from "@/lib/http/endpoint";
import { publicAccountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(publicAccountOperations.resetPassword, async (request, { json }) => {
  await resetPassword(json, requestMeta(request.headers));
  return NextResponse.json({ result: 1 });
});
