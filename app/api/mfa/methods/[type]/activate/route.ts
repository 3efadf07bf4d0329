import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { methodParam, startMfaActivation } from "@/lib/auth/mfa-methods";

export const POST = apiRoute<{ type: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "staff" }, ["full", "mfa-activation"]);
  return NextResponse.json(await startMfaActivation(context, methodParam.parse(params.type)));
});
