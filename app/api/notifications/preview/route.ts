import { NextResponse } from "next/server";
import { previewNotification } from "@/lib/notifications/preview";
import { endpoint } from "@/lib/http/endpoint";
import { notificationOperations } from "@/lib/openapi/operations/notifications";

/** A template rendered with sample data, checked as when saving; nothing is saved. */
export const POST = endpoint(notificationOperations.previewNotification, async (request, { context, json }) => {
  return NextResponse.json(await previewNotification(context, json));
});
