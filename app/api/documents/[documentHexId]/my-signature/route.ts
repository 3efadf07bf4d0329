import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { openMySignature } from "@/lib/documents/my-signature";

/** The signed-in staff member's own signer link for this document (/docdetail/{id}/mySign). */
export const POST = apiRoute<{ documentHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "MYSIGN", action: "VIEW" });
  return NextResponse.json(await openMySignature(context, params.documentHexId, requestMeta(request.headers)));
});
