import { NextResponse } from "next/server";
import { callbackSecretState } from "@/lib/callbacks/callback-secret";
import { endpoint } from "@/lib/http/endpoint";
import { webhookOperations } from "@/lib/openapi/operations/webhooks";

export const GET = endpoint(webhookOperations.getCallbackSecretState, async (request, { context }) => {
  return NextResponse.json(await callbackSecretState(context));
});
