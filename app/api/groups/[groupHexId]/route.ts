import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { deleteGroup } from "@/lib/groups/delete-group";
import { updateGroup } from "@/lib/groups/update-group";
import { endpoint } from "@/lib/http/endpoint";
import { groupOperations } from "@/lib/openapi/operations/roles";

export const PUT = endpoint(groupOperations.updateGroup, async (request, { context, params: { groupHexId }, json: body }) => {
  return NextResponse.json(await updateGroup(context, groupHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = endpoint(groupOperations.deleteGroup, async (request, { context, params: { groupHexId } }) => {
  await deleteGroup(context, groupHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
