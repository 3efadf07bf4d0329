import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, idempotentRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { createGroup } from "@/lib/groups/create-group";
import { listGroups } from "@/lib/groups/list-groups";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "GRUPO", action: "VIEW" });
  return NextResponse.json(await listGroups(context));
});

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "GRUPO", action: "CREATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await createGroup(context, body, requestMeta(request.headers).ip), { status: 201 });
});
