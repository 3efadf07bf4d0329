import { NextResponse } from "next/server";
import { idempotentRoute, requireAuth } from "@/lib/http/api";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { redeliverWebhook } from "@/lib/webhooks/deliveries";

export const POST = idempotentRoute<{ webhookHexId: string; deliveryHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  return NextResponse.json(await redeliverWebhook(context, params.webhookHexId, params.deliveryHexId), { status: 202 });
});
