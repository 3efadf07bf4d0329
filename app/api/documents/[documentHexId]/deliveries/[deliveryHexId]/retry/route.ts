import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { retryDelivery } from "@/lib/documents/retry-delivery";
import { endpoint } from "@/lib/http/endpoint";
import { sendingOperations } from "@/lib/openapi/operations/sending";

export const POST = endpoint(sendingOperations.retryDelivery, async (request, { context, params }) => {
  return NextResponse.json(await retryDelivery(context, params.documentHexId, params.deliveryHexId, requestMeta(request.headers).ip));
});
