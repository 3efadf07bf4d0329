import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { changePassword } from "@/lib/auth/change-password";
import { endpoint } from "@/lib/http/endpoint";
import { accountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(accountOperations.changePassword, async (request, { context, json }) => {
  const { token, expiresAt } = await changePassword(context, json, requestMeta(request.headers));
  return NextResponse.json({ result: 1, token, expiresAt: expiresAt.toISOString() });
});
