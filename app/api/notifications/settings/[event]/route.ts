import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { updateNotificationEvent } from "@/lib/notifications/update-settings";

export const PUT = apiRoute<{ event: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "NOTIFICACION", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await updateNotificationEvent(context, params.event, body, requestMeta(request.headers).ip));
});
