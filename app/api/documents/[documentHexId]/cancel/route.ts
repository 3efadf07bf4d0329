import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { cancelDocument } from "@/lib/documents/cancel-document";

export const POST = apiRoute<{ documentHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  return NextResponse.json(await cancelDocument(context, params.documentHexId, requestMeta(request.headers).ip));
});
