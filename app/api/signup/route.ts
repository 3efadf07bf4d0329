import { NextResponse } from "next/server";
import { apiRoute, requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { signup } from "@/lib/auth/signup";

export const POST = apiRoute(async (request) => {
  const body: unknown = await request.json().catch(() => ({}));
  const created = await signup(body, requestMeta(request.headers), requestLocale(request));
  return NextResponse.json({ result: 1, ...created }, { status: 201 });
});
