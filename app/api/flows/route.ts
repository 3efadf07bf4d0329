import { NextResponse } from "next/server";
import { apiRoute, callerContext, idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { assertCatalogReader } from "@/lib/permissions/catalog-readers";
import { listFlows } from "@/lib/flows/list-flows";
import { createFlow } from "@/lib/flows/create-flow";

/** `{ data }`: the caller's organisation's flows; ?kind=SIGNATURE|VALIDATION and ?active=true|false filter. */
export const GET = apiRoute(async (request) => {
  const context = await callerContext(request);
  assertCatalogReader(context);
  return NextResponse.json(await listFlows(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "CREATE" });
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await createFlow(context, body, requestMeta(request.headers).ip), { status: 201 });
});
