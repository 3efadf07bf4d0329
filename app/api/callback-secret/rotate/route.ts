import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { rotateCallbackSecret } from "@/lib/callbacks/callback-secret";
import { endpoint } from "@/lib/http/endpoint";
import { webhookOperations } from "@/lib/openapi/operations/webhooks";

export const POST = endpoint(webhookOperations.rotateCallbackSecret, async (request, { context }) => {
  // The new secret is in this answer only: keep it out of every cache.
  return NextResponse.json(await rotateCallbackSecret(context, requestMeta(request.headers).ip), {
    headers: { "cache-control": "no-store" },
  });
});
