import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { resetUserMfa } from "@/lib/users/reset-user-mfa";
import { endpoint } from "@/lib/http/endpoint";
import { userOperations } from "@/lib/openapi/operations/users";

export const POST = endpoint(userOperations.resetUserMfa, async (request, { context, params: { userHexId } }) => {
  const { ip } = requestMeta(request.headers);
  return NextResponse.json(await resetUserMfa(context, userHexId, ip));
});
