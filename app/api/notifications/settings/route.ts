import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { getNotificationSettings } from "@/lib/notifications/organization-settings";

/** The caller's organisation's notifications (/notifications): recipients, channels and templates of every event. */
export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "NOTIFICACION", action: "VIEW" });
  return NextResponse.json(await getNotificationSettings(context));
});
