import { NextResponse } from "next/server";
import { apiRoute, callerContext, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { assertCatalogReader } from "@/lib/permissions/catalog-readers";
import { getDocumentType } from "@/lib/document-types/get-document-type";
import { updateDocumentType } from "@/lib/document-types/update-document-type";
import { deleteDocumentType } from "@/lib/document-types/delete-document-type";

type Params = { hexId: string };

export const GET = apiRoute<Params>(async (request, params) => {
  const context = await callerContext(request);
  assertCatalogReader(context);
  return NextResponse.json(await getDocumentType(context, params.hexId));
});

export const PUT = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" });
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await updateDocumentType(context, params.hexId, body, requestMeta(request.headers).ip));
});

export const DELETE = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "DELETE" });
  await deleteDocumentType(context, params.hexId, requestMeta(request.headers).ip);
  return NextResponse.json({ result: 1 });
});
