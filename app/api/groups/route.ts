import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { createGroup } from "@/lib/groups/create-group";
import { listGroups } from "@/lib/groups/list-groups";
import { endpoint } from "@/lib/http/endpoint";
import { groupOperations } from "@/lib/openapi/operations/roles";

export const GET = endpoint(groupOperations.listGroups, async (request, { context }) => {
  return NextResponse.json(await listGroups(context));
});

export const POST = endpoint(groupOperations.createGroup, async (request, { context, json: body }) => {
  return NextResponse.json(await createGroup(context, body, requestMeta(request.headers).ip), { status: 201 });
});
