import { NextResponse } from "next/server";
import { idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { createDocumentType } from "@/lib/document-types/create-document-type";

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "CREATE" });
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await createDocumentType(context, body, requestMeta(request.headers).ip), { status: 201 });
});
