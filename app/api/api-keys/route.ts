import { NextResponse } from "next/server";
import { apiRoute, idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  return NextResponse.json(await listApiKeys(context));
});

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  const body: unknown = await request.json().catch(() => ({}));
  // The full key is in this answer only: keep it out of every cache.
  return NextResponse.json(await createApiKey(context, body, requestMeta(request.headers).ip), {
    status: 201,
    headers: { "cache-control": "no-store" },
  });
});
