import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { setDraftSigners } from "@/lib/documents/set-draft-signers";
import { endpoint } from "@/lib/http/endpoint";
import { shipmentOperations } from "@/lib/openapi/operations/shipments";

export const PUT = endpoint(shipmentOperations.setDraftSigners, async (request, { context, params: { documentHexId }, json: body }) => {
  return NextResponse.json(await setDraftSigners(context, documentHexId, body, requestMeta(request.headers).ip));
});
