import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, idempotentRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { createRole } from "@/lib/roles/create-role";
import { listRoles } from "@/lib/roles/list-roles";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ROL", action: "VIEW" });
  return NextResponse.json(await listRoles(context));
});

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ROL", action: "CREATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await createRole(context, body, requestMeta(request.headers).ip), { status: 201 });
});
