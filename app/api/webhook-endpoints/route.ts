import { NextResponse } from "next/server";
import { apiRoute, idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks/endpoints";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  return NextResponse.json(await listWebhookEndpoints(context));
});

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  const body: unknown = await request.json().catch(() => ({}));
  // The secret is in this answer only: keep it out of every cache.
  return NextResponse.json(await createWebhookEndpoint(context, body, requestMeta(request.headers).ip), {
    status: 201,
    headers: { "cache-control": "no-store" },
  });
});
