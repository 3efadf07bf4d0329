import { NextResponse } from "next/server";
import { idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { sendDocument } from "@/lib/documents/send-document";

export const POST = idempotentRoute<{ documentHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  return NextResponse.json(await sendDocument(context, params.documentHexId, requestMeta(request.headers).ip));
});
