import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { sendDocument } from "@/lib/documents/send-document";
import { endpoint } from "@/lib/http/endpoint";
import { sendingOperations } from "@/lib/openapi/operations/sending";

export const POST = endpoint(sendingOperations.sendDocument, async (request, { context, params }) => {
  return NextResponse.json(await sendDocument(context, params.documentHexId, requestMeta(request.headers).ip));
});
