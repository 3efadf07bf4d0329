import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, idempotentRoute, parseJson, requestLocale, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { inviteUser } from "@/lib/users/invite-user";
import { listUsers } from "@/lib/users/list-users";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "USUARIO", action: "VIEW" });
  return NextResponse.json(await listUsers(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "USUARIO", action: "CREATE" });
  const body = await parseJson(request, z.unknown());
  const created = await inviteUser(context, body, requestMeta(request.headers).ip, requestLocale(request));
  return NextResponse.json(created, { status: 201 });
});
