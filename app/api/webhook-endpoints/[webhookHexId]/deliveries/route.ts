import { NextResponse } from "next/server";
import { listWebhookDeliveries } from "@/lib/webhooks/deliveries";
import { endpoint } from "@/lib/http/endpoint";
import { webhookOperations } from "@/lib/openapi/operations/webhooks";

export const GET = endpoint(webhookOperations.listWebhookDeliveries, async (request, { context, params }) => {
  return NextResponse.json(await listWebhookDeliveries(context, params.webhookHexId, Object.fromEntries(request.nextUrl.searchParams)));
});
