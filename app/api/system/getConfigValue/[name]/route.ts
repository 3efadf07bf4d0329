import { NextResponse } from "next/server";
import { readConfigValue } from "@/lib/config/read-config";
import { endpoint } from "@/lib/http/endpoint";
import { configOperations } from "@/lib/openapi/operations/config";

export const GET = endpoint(configOperations.getConfigValue, async (request, { context, params }) => {
  return NextResponse.json(await readConfigValue(params.name, context?.organizationId ?? null));
});
