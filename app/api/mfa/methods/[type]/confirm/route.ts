import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { confirmMfaActivation, methodParam } from "@/lib/auth/mfa-methods";

export const POST = apiRoute<{ type: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "staff" }, ["full", "mfa-activation"]);
  const body: unknown = await request.json().catch(() => ({}));
  const result = await confirmMfaActivation(context, methodParam.parse(params.type), body, requestMeta(request.headers));
  return NextResponse.json({ ...result, expiresAt: result.expiresAt?.toISOString() });
});
