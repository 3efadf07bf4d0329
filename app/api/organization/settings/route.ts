import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { getCaptureSettings, updateCaptureSettings } from "@/lib/settings/capture-settings";

/** The caller's organisation's capture settings (/setting): limits, capture sizes, video, ATOM plugin, snippet. */
export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" });
  return NextResponse.json(await getCaptureSettings(context));
});

export const PUT = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await updateCaptureSettings(context, body, requestMeta(request.headers).ip));
});
