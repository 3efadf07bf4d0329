import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { setRolePrivileges } from "@/lib/roles/set-role-privileges";
import { endpoint } from "@/lib/http/endpoint";
import { roleOperations } from "@/lib/openapi/operations/roles";

export const PUT = endpoint(roleOperations.setRolePrivileges, async (request, { context, params: { roleHexId }, json: body }) => {
  return NextResponse.json(await setRolePrivileges(context, roleHexId, body, requestMeta(request.headers).ip));
});
