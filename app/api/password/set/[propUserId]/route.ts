import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { setInitialPassword } from "@/lib/auth/change-password";

export const POST = apiRoute<{ propUserId: string }>(async (request, params) => {
  const result = await setInitialPassword(params.propUserId, await request.json().catch(() => ({})), requestMeta(request.headers));
  return NextResponse.json({ result: 1, ...result });
});
