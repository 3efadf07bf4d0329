import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { endpoint } from "@/lib/http/endpoint";
import { apiKeyOperations } from "@/lib/openapi/operations/api-keys";

export const GET = endpoint(apiKeyOperations.listApiKeys, async (request, { context }) => {
  return NextResponse.json(await listApiKeys(context));
});

export const POST = endpoint(apiKeyOperations.createApiKey, async (request, { context, json: body }) => {
  // The full key is in this answer only: keep it out of every cache.
  return NextResponse.json(await createApiKey(context, body, requestMeta(request.headers).ip), {
    status: 201,
    headers: { "cache-control": "no-store" },
  });
});
