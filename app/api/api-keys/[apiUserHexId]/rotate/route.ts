import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { endpoint } from "@/lib/http/endpoint";
import { apiKeyOperations } from "@/lib/openapi/operations/api-keys";

export const POST = endpoint(apiKeyOperations.rotateApiKey, async (request, { context, params }) => {
  // The new key is in this answer only: keep it out of every cache.
  return NextResponse.json(await rotateApiKey(context, params.apiUserHexId, requestMeta(request.headers).ip), {
    headers: { "cache-control": "no-store" },
  });
});
