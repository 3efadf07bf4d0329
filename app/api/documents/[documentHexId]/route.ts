import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { deleteDraft } from "@/lib/documents/delete-draft";
import { getDraft } from "@/lib/documents/get-draft";
import { updateDraft } from "@/lib/documents/update-draft";
import { endpoint } from "@/lib/http/endpoint";
import { shipmentOperations } from "@/lib/openapi/operations/shipments";

export const GET = endpoint(shipmentOperations.getDraft, async (request, { context, params: { documentHexId } }) => {
  return NextResponse.json(await getDraft(context, documentHexId));
});

export const PUT = endpoint(shipmentOperations.updateDraft, async (request, { context, params: { documentHexId }, json: body }) => {
  return NextResponse.json(await updateDraft(context, documentHexId, body, requestMeta(request.headers).ip));
});

// Deleting a draft is part of preparing it, so it needs the same privilege as creating one.
export const DELETE = endpoint(shipmentOperations.deleteDraft, async (request, { context, params: { documentHexId } }) => {
  await deleteDraft(context, documentHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
