import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { createDocumentType } from "@/lib/document-types/create-document-type";
import { endpoint } from "@/lib/http/endpoint";
import { documentTypeOperations } from "@/lib/openapi/operations/document-types";

export const POST = endpoint(documentTypeOperations.createDocumentType, async (request, { context, json: body }) => {
  return NextResponse.json(await createDocumentType(context, body, requestMeta(request.headers).ip), { status: 201 });
});
