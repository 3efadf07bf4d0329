import { NextResponse } from "next/server";
import { idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { rotateWebhookSecret } from "@/lib/webhooks/endpoints";

export const POST = idempotentRoute<{ webhookHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  // The new secret is in this answer only: keep it out of every cache.
  return NextResponse.json(await rotateWebhookSecret(context, params.webhookHexId, requestMeta(request.headers).ip), {
    headers: { "cache-control": "no-store" },
  });
});
