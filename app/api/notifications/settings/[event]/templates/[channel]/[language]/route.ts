import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { AppError } from "@/lib/errors/app-error";
import { channelSchema, languageSchema } from "@/lib/notifications/schemas";
import { restoreDefaultTemplate } from "@/lib/notifications/update-settings";
import { endpoint } from "@/lib/http/endpoint";
import { notificationOperations } from "@/lib/openapi/operations/notifications";

/** Back to the product's text for one template. */
export const DELETE = endpoint(notificationOperations.restoreNotificationTemplate, async (request, { context, params }) => {
  const channel = channelSchema.safeParse(params.channel);
  const language = languageSchema.safeParse(params.language);
  if (!channel.success || !language.success) throw new AppError("NOTIFICATION_TEMPLATE_UNKNOWN");
  const view = await restoreDefaultTemplate(
    context,
    { event: params.event, channel: channel.data, language: language.data },
    requestMeta(request.headers).ip,
  );
  return NextResponse.json(view);
});
