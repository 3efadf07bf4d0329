import { NextResponse } from "next/server";
import { requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { inviteUser } from "@/lib/users/invite-user";
import { listUsers } from "@/lib/users/list-users";
import { endpoint } from "@/lib/http/endpoint";
import { userOperations } from "@/lib/openapi/operations/users";

export const GET = endpoint(userOperations.listUsers, async (request, { context }) => {
  return NextResponse.json(await listUsers(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = endpoint(userOperations.inviteUser, async (request, { context, json: body }) => {
  const created = await inviteUser(context, body, requestMeta(request.headers).ip, requestLocale(request));
  return NextResponse.json(created, { status: 201 });
});
