import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { getContact } from "@/lib/contacts/get-contact";
import { updateContact } from "@/lib/contacts/update-contact";

type Params = { contactHexId: string };

export const GET = apiRoute<Params>(async (request, { contactHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "CONTACTO", action: "VIEW" });
  return NextResponse.json(await getContact(context, contactHexId));
});

export const PUT = apiRoute<Params>(async (request, { contactHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "CONTACTO", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await updateContact(context, contactHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = apiRoute<Params>(async (request, { contactHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "CONTACTO", action: "DELETE" });
  await deleteContact(context, contactHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
