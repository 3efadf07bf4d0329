import { NextResponse } from "next/server";
import { sendTestWebhook } from "@/lib/webhooks/deliveries";
import { endpoint } from "@/lib/http/endpoint";
import { webhookOperations } from "@/lib/openapi/operations/webhooks";

export const POST = endpoint(webhookOperations.testWebhookEndpoint, async (request, { context, params }) => {
  return NextResponse.json(await sendTestWebhook(context, params.webhookHexId), { status: 202 });
});
