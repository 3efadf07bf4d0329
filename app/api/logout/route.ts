import { NextResponse } from "next/server";
import { tokenFrom } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { logout } from "@/lib/auth/logout";
import { isAppError } from "@/lib/errors/app-error";
import { endpoint } from "@/lib/http/endpoint";
import { accountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(accountOperations.logout, async (request) => {
  const token = await tokenFrom(request).catch((error: unknown) => {
    if (isAppError(error)) return null;
    throw error;
  });
  if (token) await logout(token, requestMeta(request.headers));
  return NextResponse.json({ result: 1 });
});
