import { NextResponse } from "next/server";
import { decodeJwt } from "jose";
import { landingPage } from "@/lib/permissions/menu";
import { errorResponse, requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { authenticate } from "@/lib/auth/authenticate";
import { applyStoredLocale } from "@/lib/http/locale-cookie";
import { endpoint } from "@/lib/http/endpoint";
import { authOperations } from "@/lib/openapi/operations/auth";

export const POST = endpoint(authOperations.authenticate, async (request, { json: body }) => {
  const result = await authenticate(body, requestMeta(request.headers));
  if (result.kind === "mfa") {
    // Spec §7: the error carries token, errorCode, hexId, mfaMethodRequired and message.
    return errorResponse(result.error, requestLocale(request), {
      token: result.token,
      hexId: result.hexId,
      mfaMethodRequired: result.mfaMethodRequired,
    });
  }
  const authorities = decodeJwt(result.token).authorities as string[];
  const response = NextResponse.json({
    token: result.token,
    expiresAt: result.expiresAt.toISOString(),
    changePassword: result.changePassword,
    landingPage: landingPage(authorities),
  });
  return applyStoredLocale(request, response, result.token);
});
