import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { checkPasswordResetCode } from "@/lib/auth/password-recovery";

export const POST = apiRoute(async (request) => {
  await enforceRateLimit(`reset-code:ip:${requestMeta(request.headers).ip}`, 20, 900);
  return NextResponse.json({ result: 1, ...(await checkPasswordResetCode(await request.json().catch(() => ({})))) });
});
