import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { assertCatalogReader } from "@/lib/permissions/catalog-readers";
import { getDocumentType } from "@/lib/document-types/get-document-type";
import { updateDocumentType } from "@/lib/document-types/update-document-type";
import { deleteDocumentType } from "@/lib/document-types/delete-document-type";
import { endpoint } from "@/lib/http/endpoint";
import { documentTypeOperations } from "@/lib/openapi/operations/document-types";

export const GET = endpoint(documentTypeOperations.getDocumentType, async (request, { context, params }) => {
  assertCatalogReader(context);
  return NextResponse.json(await getDocumentType(context, params.documentTypeHexId));
});

export const PUT = endpoint(documentTypeOperations.updateDocumentType, async (request, { context, params, json: body }) => {
  return NextResponse.json(await updateDocumentType(context, params.documentTypeHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = endpoint(documentTypeOperations.deleteDocumentType, async (request, { context, params }) => {
  await deleteDocumentType(context, params.documentTypeHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ result: 1 });
});
