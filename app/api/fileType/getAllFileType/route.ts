import { NextResponse } from "next/server";
import { assertCatalogReader } from "@/lib/permissions/catalog-readers";
import { listDocumentTypes } from "@/lib/document-types/list-document-types";
import { endpoint } from "@/lib/http/endpoint";
import { documentTypeOperations } from "@/lib/openapi/operations/document-types";

/** Spec §7 GET /fileType/getAllFileType: `{ data }`, the caller's organisation's document types. */
export const GET = endpoint(documentTypeOperations.getAllFileType, async (request, { context }) => {
  assertCatalogReader(context);
  return NextResponse.json(await listDocumentTypes(context));
});
