import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, idempotentRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { createContact } from "@/lib/contacts/create-contact";
import { listContacts } from "@/lib/contacts/list-contacts";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "CONTACTO", action: "VIEW" });
  return NextResponse.json(await listContacts(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "CONTACTO", action: "CREATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await createContact(context, body, requestMeta(request.headers).ip), { status: 201 });
});
