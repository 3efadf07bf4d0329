import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { endpoint } from "@/lib/http/endpoint";
import { webhookOperations } from "@/lib/openapi/operations/webhooks";

export const GET = endpoint(webhookOperations.getWebhookEndpoint, async (request, { context, params }) => {
  return NextResponse.json(await getWebhookEndpoint(context, params.webhookHexId));
});

export const PUT = endpoint(webhookOperations.updateWebhookEndpoint, async (request, { context, params, json: body }) => {
  return NextResponse.json(await updateWebhookEndpoint(context, params.webhookHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = endpoint(webhookOperations.deleteWebhookEndpoint, async (request, { context, params }) => {
  await deleteWebhookEndpoint(context, params.webhookHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
