import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { updateProfile } from "@/lib/auth/update-profile";
import { endpoint } from "@/lib/http/endpoint";
import { accountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(accountOperations.updateProfile, async (request, { context, json }) => {
  return NextResponse.json(await updateProfile(context, json, requestMeta(request.headers).ip));
});
