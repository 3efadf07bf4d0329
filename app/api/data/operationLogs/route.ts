import { NextResponse } from "next/server";
import { apiRoute, idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { listOperationLogs, saveClientOperation } from "@/lib/audit/session-logs";

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request);
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await saveClientOperation(context, body, requestMeta(request.headers).ip), { status: 201 });
});

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "VIEW" });
  return NextResponse.json(await listOperationLogs(context, Object.fromEntries(request.nextUrl.searchParams)));
});
