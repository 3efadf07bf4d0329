import { NextResponse } from "next/server";
import { apiRoute, callerContext } from "@/lib/http/api";
import { assertCatalogReader } from "@/lib/permissions/catalog-readers";
import { listDocumentTypes } from "@/lib/document-types/list-document-types";

/** Spec §7 GET /fileType/getAllFileType: `{ data }`, the caller's organisation's document types. */
export const GET = apiRoute(async (request) => {
  const context = await callerContext(request);
  assertCatalogReader(context);
  return NextResponse.json(await listDocumentTypes(context));
});
