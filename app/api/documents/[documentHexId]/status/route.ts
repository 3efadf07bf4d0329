import { NextResponse } from "next/server";
import { getDocumentStatus } from "@/lib/documents/get-document-status";
import { endpoint } from "@/lib/http/endpoint";
import { sendingOperations } from "@/lib/openapi/operations/sending";

export const GET = endpoint(sendingOperations.getDocumentStatus, async (request, { context, params }) => {
  return NextResponse.json(await getDocumentStatus(context, params.documentHexId));
});
