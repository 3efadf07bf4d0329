import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { optionalAuth } from "@/lib/http/optional-auth";
import { readCaptureConfiguration } from "@/lib/config/read-config";

export const POST = apiRoute(async (request) => {
  const context = await optionalAuth(request);
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await readCaptureConfiguration(body, context?.organizationId ?? null));
});
