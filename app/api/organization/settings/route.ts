import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { getCaptureSettings, updateCaptureSettings } from "@/lib/settings/capture-settings";
import { endpoint } from "@/lib/http/endpoint";
import { settingsOperations } from "@/lib/openapi/operations/settings";

/** The caller's organisation's capture settings (/setting): limits, capture sizes, video, ATOM plugin, snippet. */
export const GET = endpoint(settingsOperations.getCaptureSettings, async (request, { context }) => {
  return NextResponse.json(await getCaptureSettings(context));
});

export const PUT = endpoint(settingsOperations.updateCaptureSettings, async (request, { context, json: body }) => {
  return NextResponse.json(await updateCaptureSettings(context, body, requestMeta(request.headers).ip));
});
