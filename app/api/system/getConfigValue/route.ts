import { NextResponse } from "next/server";
import { readCaptureConfiguration } from "@/lib/config/read-config";
import { endpoint } from "@/lib/http/endpoint";
import { configOperations } from "@/lib/openapi/operations/config";

export const POST = endpoint(configOperations.getCaptureConfiguration, async (request, { context, json: body }) => {
  return NextResponse.json(await readCaptureConfiguration(body, context?.organizationId ?? null));
});
