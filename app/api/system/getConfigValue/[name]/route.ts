import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { optionalAuth } from "@/lib/http/optional-auth";
import { readConfigValue } from "@/lib/config/read-config";

export const GET = apiRoute<{ name: string }>(async (request, params) => {
  const context = await optionalAuth(request);
  return NextResponse.json(await readConfigValue(params.name, context?.organizationId ?? null));
});
