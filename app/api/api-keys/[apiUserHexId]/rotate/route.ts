import { NextResponse } from "next/server";
import { idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";

export const POST = idempotentRoute<{ apiUserHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  // The new key is in this answer only: keep it out of every cache.
  return NextResponse.json(await rotateApiKey(context, params.apiUserHexId, requestMeta(request.headers).ip), {
    headers: { "cache-control": "no-store" },
  });
});
