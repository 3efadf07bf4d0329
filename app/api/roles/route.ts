import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { createRole } from "@/lib/roles/create-role";
import { listRoles } from "@/lib/roles/list-roles";
import { endpoint } from "@/lib/http/endpoint";
import { roleOperations } from "@/lib/openapi/operations/roles";

export const GET = endpoint(roleOperations.listRoles, async (request, { context }) => {
  return NextResponse.json(await listRoles(context));
});

export const POST = endpoint(roleOperations.createRole, async (request, { context, json: body }) => {
  return NextResponse.json(await createRole(context, body, requestMeta(request.headers).ip), { status: 201 });
});
