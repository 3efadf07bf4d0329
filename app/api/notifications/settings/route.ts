import { NextResponse } from "next/server";
import { getNotificationSettings } from "@/lib/notifications/organization-settings";
import { endpoint } from "@/lib/http/endpoint";
import { notificationOperations } from "@/lib/openapi/operations/notifications";

/** The caller's organisation's notifications (/notifications): recipients, channels and templates of every event. */
export const GET = endpoint(notificationOperations.getNotificationSettings, async (request, { context }) => {
  return NextResponse.json(await getNotificationSettings(context));
});
