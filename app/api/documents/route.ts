import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { createDraft } from "@/lib/documents/create-draft";
import { listDocuments } from "@/lib/documents/list-documents";
import { endpoint } from "@/lib/http/endpoint";
import { shipmentOperations } from "@/lib/openapi/operations/shipments";

export const GET = endpoint(shipmentOperations.listDocuments, async (request, { context }) => {
  return NextResponse.json(await listDocuments(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = endpoint(shipmentOperations.createDraft, async (request, { context, json: body }) => {
  return NextResponse.json(await createDraft(context, body, requestMeta(request.headers).ip), { status: 201 });
});
