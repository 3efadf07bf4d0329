import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { checkPasswordResetCode } from "@/lib/auth/password-recovery";
import { endpoint } from "@/lib/http/endpoint";
import { publicAccountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(publicAccountOperations.checkPasswordResetCode, async (request, { json }) => {
  await enforceRateLimit(`reset-code:ip:${requestMeta(request.headers).ip}`, 20, 900);
  return NextResponse.json({ result: 1, ...(await checkPasswordResetCode(json)) });
});
