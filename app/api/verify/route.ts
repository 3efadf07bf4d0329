import { NextResponse } from "next/server";
import { decodeJwt } from "jose";
import { landingPage } from "@/lib/permissions/menu";
import { errorResponse, requestLocale, tokenFrom } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { verifyMfa } from "@/lib/auth/verify-mfa";
import { applyStoredLocale } from "@/lib/http/locale-cookie";
import { isAppError } from "@/lib/errors/app-error";
import { endpoint } from "@/lib/http/endpoint";
import { authOperations } from "@/lib/openapi/operations/auth";

// Spec §7: a result of -1 means failure.
export const POST = endpoint(authOperations.verifySecondFactor, async (request, { json: body }) => {
  try {
    const verified = await verifyMfa(await tokenFrom(request), body, requestMeta(request.headers));
    const authorities = decodeJwt(verified.token).authorities as string[];
    const response = NextResponse.json({
      token: verified.token,
      result: verified.result,
      expiresAt: verified.expiresAt.toISOString(),
      changePassword: verified.changePassword,
      landingPage: landingPage(authorities),
    });
    return applyStoredLocale(request, response, verified.token);
  } catch (error) {
    if (isAppError(error)) return errorResponse(error, requestLocale(request), { result: -1 });
    throw error;
  }
});
