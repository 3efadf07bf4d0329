import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { listWebhookDeliveries } from "@/lib/webhooks/deliveries";

export const GET = apiRoute<{ webhookHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  return NextResponse.json(await listWebhookDeliveries(context, params.webhookHexId, Object.fromEntries(request.nextUrl.searchParams)));
});
