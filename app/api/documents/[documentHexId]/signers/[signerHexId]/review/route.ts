import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { decideReview, getReview } from "@/lib/signing/review-evidence";
import { endpoint } from "@/lib/http/endpoint";
import { shipmentReviewOperations } from "@/lib/openapi/operations/shipment-review";

export const GET = endpoint(shipmentReviewOperations.getSignerReview, async (request, { context, params }) => {
  return NextResponse.json(await getReview(context, params.documentHexId, params.signerHexId));
});

export const POST = endpoint(shipmentReviewOperations.decideSignerReview, async (request, { context, params, body }) => {
  return NextResponse.json(await decideReview(context, params.documentHexId, params.signerHexId, body, requestMeta(request.headers).ip));
});
