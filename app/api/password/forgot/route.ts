import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { requestPasswordReset } from "@/lib/auth/password-recovery";

export const POST = apiRoute(async (request) => {
  await requestPasswordReset(await request.json().catch(() => ({})), requestMeta(request.headers));
  return NextResponse.json({ result: 1 });
});
