import { NextResponse } from "next/server";
import { readConfigValue } from "@/lib/config/read-config";
import { AppError } from "@/lib/errors/app-error";
import { endpoint } from "@/lib/http/endpoint";
import { configOperations } from "@/lib/openapi/operations/config";

export const GET = endpoint(configOperations.findConfigByName, async (request, { context }) => {
  const name = request.nextUrl.searchParams.get("configName");
  if (!name) throw new AppError("EMPTY_FIELD", { field: "configName" });
  return NextResponse.json(await readConfigValue(name, context?.organizationId ?? null));
});
