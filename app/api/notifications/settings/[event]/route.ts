import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { updateNotificationEvent } from "@/lib/notifications/update-settings";
import { endpoint } from "@/lib/http/endpoint";
import { notificationOperations } from "@/lib/openapi/operations/notifications";

export const PUT = endpoint(notificationOperations.updateNotificationEvent, async (request, { context, params, json: body }) => {
  return NextResponse.json(await updateNotificationEvent(context, params.event, body, requestMeta(request.headers).ip));
});
