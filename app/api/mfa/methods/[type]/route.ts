import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { deactivateMfaMethod, methodParam } from "@/lib/auth/mfa-methods";

export const DELETE = apiRoute<{ type: string }>(async (request, params) => {
  const context = await requireAuth(request);
  const body: unknown = await request.json().catch(() => ({}));
  await deactivateMfaMethod(context, methodParam.parse(params.type), body, requestMeta(request.headers));
  return NextResponse.json({ result: 1 });
});
