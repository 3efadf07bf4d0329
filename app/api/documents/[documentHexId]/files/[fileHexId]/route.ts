import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { removeDraftFile } from "@/lib/documents/remove-draft-file";
import { endpoint } from "@/lib/http/endpoint";
import { shipmentReviewOperations } from "@/lib/openapi/operations/shipment-review";

export const DELETE = endpoint(
  shipmentReviewOperations.removeDraftFile,
  async (request, { context, params: { documentHexId, fileHexId } }) => {
    return NextResponse.json(await removeDraftFile(context, documentHexId, fileHexId, requestMeta(request.headers).ip));
  },
);
