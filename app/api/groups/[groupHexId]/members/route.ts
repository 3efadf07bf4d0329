import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { addGroupMember } from "@/lib/groups/add-group-member";
import { endpoint } from "@/lib/http/endpoint";
import { groupOperations } from "@/lib/openapi/operations/roles";

export const POST = endpoint(groupOperations.addGroupMember, async (request, { context, params: { groupHexId }, json: body }) => {
  return NextResponse.json(await addGroupMember(context, groupHexId, body, requestMeta(request.headers).ip), { status: 201 });
});
