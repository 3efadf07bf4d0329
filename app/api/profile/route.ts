import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { updateProfile } from "@/lib/auth/update-profile";

export const POST = apiRoute(async (request) => {
  const context = await requireAuth(request);
  return NextResponse.json(await updateProfile(context, await request.json().catch(() => ({})), requestMeta(request.headers).ip));
});
