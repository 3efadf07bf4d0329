import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { deleteApiKey } from "@/lib/api-keys/delete-api-key";
import { getApiKey } from "@/lib/api-keys/get-api-key";
import { updateApiKey } from "@/lib/api-keys/update-api-key";
import { endpoint } from "@/lib/http/endpoint";
import { apiKeyOperations } from "@/lib/openapi/operations/api-keys";

export const GET = endpoint(apiKeyOperations.getApiKey, async (request, { context, params }) => {
  return NextResponse.json(await getApiKey(context, params.apiUserHexId));
});

export const PATCH = endpoint(apiKeyOperations.updateApiKey, async (request, { context, params, json: body }) => {
  return NextResponse.json(await updateApiKey(context, params.apiUserHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = endpoint(apiKeyOperations.deleteApiKey, async (request, { context, params }) => {
  await deleteApiKey(context, params.apiUserHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
