import { NextResponse } from "next/server";
import { requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { loginValidation } from "@/lib/validations/login-validation";
import { endpoint } from "@/lib/http/endpoint";
import { validationProcessOperations } from "@/lib/openapi/operations/validations";

/** POST /api/validation/{validationHexId}/login {pin}: public; a correct PIN starts a validation process. */
export const POST = endpoint(validationProcessOperations.loginValidation, async (request, { params: { validationHexId }, json: body }) => {
  const answer = await loginValidation(validationHexId, body, requestMeta(request.headers), requestLocale(request));
  return NextResponse.json(answer, { headers: { "cache-control": "no-store" } });
});
