import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { removeGroupMember } from "@/lib/groups/remove-group-member";
import { endpoint } from "@/lib/http/endpoint";
import { groupOperations } from "@/lib/openapi/operations/roles";

export const DELETE = endpoint(groupOperations.removeGroupMember, async (request, { context, params: { groupHexId, userHexId } }) => {
  return NextResponse.json(await removeGroupMember(context, groupHexId, userHexId, requestMeta(request.headers).ip));
});
