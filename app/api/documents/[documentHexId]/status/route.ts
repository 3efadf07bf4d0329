import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { getDocumentStatus } from "@/lib/documents/get-document-status";

export const GET = apiRoute<{ documentHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "VIEW" });
  return NextResponse.json(await getDocumentStatus(context, params.documentHexId));
});
