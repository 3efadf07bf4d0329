import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { openMySignature } from "@/lib/documents/my-signature";
import { endpoint } from "@/lib/http/endpoint";
import { shipmentReviewOperations } from "@/lib/openapi/operations/shipment-review";

/** The signed-in staff member's own signer link for this document (/docdetail/{id}/mySign). */
export const POST = endpoint(shipmentReviewOperations.openMySignature, async (request, { context, params }) => {
  return NextResponse.json(await openMySignature(context, params.documentHexId, requestMeta(request.headers)));
});
