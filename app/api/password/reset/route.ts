import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { resetPassword } from "@/lib/auth/password-recovery";

export const POST = apiRoute(async (request) => {
  await resetPassword(await request.json().catch(() => ({})), requestMeta(request.headers));
  return NextResponse.json({ result: 1 });
});
