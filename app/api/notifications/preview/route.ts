import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { previewNotification } from "@/lib/notifications/preview";

/** A template rendered with sample data, checked as when saving; nothing is saved. */
export const POST = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "NOTIFICACION", action: "VIEW" });
  return NextResponse.json(await previewNotification(context, await parseJson(request, z.unknown())));
});
