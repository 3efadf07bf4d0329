import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { deleteRole } from "@/lib/roles/delete-role";
import { getRole } from "@/lib/roles/get-role";
import { updateRole } from "@/lib/roles/update-role";
import { endpoint } from "@/lib/http/endpoint";
import { roleOperations } from "@/lib/openapi/operations/roles";

export const GET = endpoint(roleOperations.getRole, async (request, { context, params: { roleHexId } }) => {
  return NextResponse.json(await getRole(context, roleHexId));
});

export const PUT = endpoint(roleOperations.updateRole, async (request, { context, params: { roleHexId }, json: body }) => {
  return NextResponse.json(await updateRole(context, roleHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = endpoint(roleOperations.deleteRole, async (request, { context, params: { roleHexId } }) => {
  await deleteRole(context, roleHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
