import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { rotateWebhookSecret } from "@/lib/webhooks/endpoints";
import { endpoint } from "@/lib/http/endpoint";
import { webhookOperations } from "@/lib/openapi/operations/webhooks";

export const POST = endpoint(webhookOperations.rotateWebhookSecret, async (request, { context, params }) => {
  // The new secret is in this answer only: keep it out of every cache.
  return NextResponse.json(await rotateWebhookSecret(context, params.webhookHexId, requestMeta(request.headers).ip), {
    headers: { "cache-control": "no-store" },
  });
});
