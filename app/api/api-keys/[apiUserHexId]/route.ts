import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { deleteApiKey } from "@/lib/api-keys/delete-api-key";
import { getApiKey } from "@/lib/api-keys/get-api-key";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { updateApiKey } from "@/lib/api-keys/update-api-key";

type Params = { apiUserHexId: string };

export const GET = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  return NextResponse.json(await getApiKey(context, params.apiUserHexId));
});

export const PATCH = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await updateApiKey(context, params.apiUserHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  await deleteApiKey(context, params.apiUserHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
