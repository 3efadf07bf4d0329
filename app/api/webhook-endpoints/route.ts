import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks/endpoints";
import { endpoint } from "@/lib/http/endpoint";
import { webhookOperations } from "@/lib/openapi/operations/webhooks";

export const GET = endpoint(webhookOperations.listWebhookEndpoints, async (request, { context }) => {
  return NextResponse.json(await listWebhookEndpoints(context));
});

export const POST = endpoint(webhookOperations.createWebhookEndpoint, async (request, { context, json: body }) => {
  // The secret is in this answer only: keep it out of every cache.
  return NextResponse.json(await createWebhookEndpoint(context, body, requestMeta(request.headers).ip), {
    status: 201,
    headers: { "cache-control": "no-store" },
  });
});
