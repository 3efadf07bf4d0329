import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { createContact } from "@/lib/contacts/create-contact";
import { listContacts } from "@/lib/contacts/list-contacts";
import { endpoint } from "@/lib/http/endpoint";
import { contactOperations } from "@/lib/openapi/operations/contacts";

export const GET = endpoint(contactOperations.listContacts, async (request, { context }) => {
  return NextResponse.json(await listContacts(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = endpoint(contactOperations.createContact, async (request, { context, json: body }) => {
  return NextResponse.json(await createContact(context, body, requestMeta(request.headers).ip), { status: 201 });
});
