import { NextResponse } from "next/server";
import { apiRoute, requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { loginValidation } from "@/lib/validations/login-validation";

/** POST /api/validation/{validationHexId}/login {pin}: public; a correct PIN starts a validation process. */
export const POST = apiRoute<{ validationHexId: string }>(async (request, { validationHexId }) => {
  const body: unknown = await request.json().catch(() => ({}));
  const answer = await loginValidation(validationHexId, body, requestMeta(request.headers), requestLocale(request));
  return NextResponse.json(answer, { headers: { "cache-control": "no-store" } });
});
