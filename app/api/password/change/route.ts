import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { changePassword } from "@/lib/auth/change-password";

export const POST = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "staff" }, ["full"], { duringForcedPasswordChange: true });
  const { token, expiresAt } = await changePassword(context, await request.json().catch(() => ({})), requestMeta(request.headers));
  return NextResponse.json({ result: 1, token, expiresAt: expiresAt.toISOString() });
});
