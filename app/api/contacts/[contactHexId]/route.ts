import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { getContact } from "@/lib/contacts/get-contact";
import { updateContact } from "@/lib/contacts/update-contact";
import { endpoint } from "@/lib/http/endpoint";
import { contactOperations } from "@/lib/openapi/operations/contacts";

export const GET = endpoint(contactOperations.getContact, async (request, { context, params: { contactHexId } }) => {
  return NextResponse.json(await getContact(context, contactHexId));
});

export const PUT = endpoint(contactOperations.updateContact, async (request, { context, params: { contactHexId }, json: body }) => {
  return NextResponse.json(await updateContact(context, contactHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = endpoint(contactOperations.deleteContact, async (request, { context, params: { contactHexId } }) => {
  await deleteContact(context, contactHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
