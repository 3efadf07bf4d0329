import { NextResponse } from "next/server";
import { tokenFrom } from "@/lib/http/api";
import { refreshToken } from "@/lib/auth/refresh-token";
import { endpoint } from "@/lib/http/endpoint";
import { authOperations } from "@/lib/openapi/operations/auth";

export const POST = endpoint(authOperations.refreshToken, async (request) => {
  const { token, expiresAt } = await refreshToken(await tokenFrom(request));
  return NextResponse.json({ token, expiresAt: expiresAt.toISOString() });
});
