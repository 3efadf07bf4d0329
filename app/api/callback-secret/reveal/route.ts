import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { revealCallbackSecret } from "@/lib/callbacks/callback-secret";

export const POST = apiRoute(async (request) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  // The secret is in this answer only: keep it out of every cache.
  return NextResponse.json(await revealCallbackSecret(context, requestMeta(request.headers).ip), {
    headers: { "cache-control": "no-store" },
  });
});
