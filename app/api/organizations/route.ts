import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, idempotentRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { addOrganization, listOrganizations } from "@/lib/organizations/administer";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "platformAdmin" });
  return NextResponse.json(await listOrganizations(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, { kind: "platformAdmin" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await addOrganization(context, body, requestMeta(request.headers).ip), { status: 201 });
});
