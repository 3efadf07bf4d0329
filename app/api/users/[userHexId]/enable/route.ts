import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { setUserEnabled } from "@/lib/users/set-user-enabled";
import { endpoint } from "@/lib/http/endpoint";
import { userOperations } from "@/lib/openapi/operations/users";

export const POST = endpoint(userOperations.enableUser, async (request, { context, params: { userHexId } }) => {
  const { ip } = requestMeta(request.headers);
  return NextResponse.json(await setUserEnabled(context, userHexId, true, ip));
});
