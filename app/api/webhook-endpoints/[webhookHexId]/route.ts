import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "@/lib/webhooks/endpoints";

type Params = { webhookHexId: string };

export const GET = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  return NextResponse.json(await getWebhookEndpoint(context, params.webhookHexId));
});

export const PUT = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await updateWebhookEndpoint(context, params.webhookHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  await deleteWebhookEndpoint(context, params.webhookHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
