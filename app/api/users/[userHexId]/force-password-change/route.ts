import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { forcePasswordChange } from "@/lib/users/force-password-change";
import { endpoint } from "@/lib/http/endpoint";
import { userOperations } from "@/lib/openapi/operations/users";

export const POST = endpoint(userOperations.forceUserPasswordChange, async (request, { context, params: { userHexId } }) => {
  const { ip } = requestMeta(request.headers);
  return NextResponse.json(await forcePasswordChange(context, userHexId, ip));
});
