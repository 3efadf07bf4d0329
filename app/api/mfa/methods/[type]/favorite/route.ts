import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { methodParam, setFavoriteMfaMethod } from "@/lib/auth/mfa-methods";

export const POST = apiRoute<{ type: string }>(async (request, params) => {
  const context = await requireAuth(request);
  await setFavoriteMfaMethod(context, methodParam.parse(params.type));
  return NextResponse.json({ result: 1 });
});
