import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, idempotentRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { createDraft } from "@/lib/documents/create-draft";
import { listDocuments } from "@/lib/documents/list-documents";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "VIEW" });
  return NextResponse.json(await listDocuments(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await createDraft(context, body, requestMeta(request.headers).ip), { status: 201 });
});
