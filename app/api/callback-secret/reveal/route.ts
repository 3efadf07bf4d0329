import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { revealCallbackSecret } from "@/lib/callbacks/callback-secret";
import { endpoint } from "@/lib/http/endpoint";
import { webhookOperations } from "@/lib/openapi/operations/webhooks";

export const POST = endpoint(webhookOperations.revealCallbackSecret, async (request, { context }) => {
  // The secret is in this answer only: keep it out of every cache.
  return NextResponse.json(await revealCallbackSecret(context, requestMeta(request.headers).ip), {
    headers: { "cache-control": "no-store" },
  });
});
