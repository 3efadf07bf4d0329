import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { callbackSecretState } from "@/lib/callbacks/callback-secret";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, apiKeysPrivilege);
  return NextResponse.json(await callbackSecretState(context));
});
