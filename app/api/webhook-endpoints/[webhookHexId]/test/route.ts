import { NextResponse } from "next/server";
import { idempotentRoute, requireAuth } from "@/lib/http/api";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { sendTestWebhook } from "@/lib/webhooks/deliveries";

export const POST = idempotentRoute<{ webhookHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  return NextResponse.json(await sendTestWebhook(context, params.webhookHexId), { status: 202 });
});
