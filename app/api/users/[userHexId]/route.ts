import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { updateUser } from "@/lib/users/update-user";
import { endpoint } from "@/lib/http/endpoint";
import { userOperations } from "@/lib/openapi/operations/users";

export const PUT = endpoint(userOperations.updateUser, async (request, { context, params: { userHexId }, json: body }) => {
  return NextResponse.json(await updateUser(context, userHexId, body, requestMeta(request.headers).ip));
});
