import { NextResponse } from "next/server";
import { redeliverWebhook } from "@/lib/webhooks/deliveries";
import { endpoint } from "@/lib/http/endpoint";
import { webhookOperations } from "@/lib/openapi/operations/webhooks";

export const POST = endpoint(webhookOperations.redeliverWebhook, async (request, { context, params }) => {
  return NextResponse.json(await redeliverWebhook(context, params.webhookHexId, params.deliveryHexId), { status: 202 });
});
