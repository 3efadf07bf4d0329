import { NextResponse } from "next/server";
import { apiRoute, tokenFrom } from "@/lib/http/api";
import { refreshToken } from "@/lib/auth/refresh-token";

export const POST = apiRoute(async (request) => {
  const { token, expiresAt } = await refreshToken(await tokenFrom(request));
  return NextResponse.json({ token, expiresAt: expiresAt.toISOString() });
});
