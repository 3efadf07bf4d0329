import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { optionalAuth } from "@/lib/http/optional-auth";
import { readConfigValue } from "@/lib/config/read-config";
import { AppError } from "@/lib/errors/app-error";

export const GET = apiRoute(async (request) => {
  const name = request.nextUrl.searchParams.get("configName");
  if (!name) throw new AppError("EMPTY_FIELD", { field: "configName" });
  const context = await optionalAuth(request);
  return NextResponse.json(await readConfigValue(name, context?.organizationId ?? null));
});
