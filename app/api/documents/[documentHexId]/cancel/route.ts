import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { cancelDocument } from "@/lib/documents/cancel-document";
import { endpoint } from "@/lib/http/endpoint";
import { sendingOperations } from "@/lib/openapi/operations/sending";

export const POST = endpoint(sendingOperations.cancelDocument, async (request, { context, params }) => {
  return NextResponse.json(await cancelDocument(context, params.documentHexId, requestMeta(request.headers).ip));
});
