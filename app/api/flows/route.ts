import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { assertCatalogReader } from "@/lib/permissions/catalog-readers";
import { listFlows } from "@/lib/flows/list-flows";
import { createFlow } from "@/lib/flows/create-flow";
import { endpoint } from "@/lib/http/endpoint";
import { flowOperations } from "@/lib/openapi/operations/flows";

/** `{ data }`: the caller's organisation's flows; ?kind=SIGNATURE|VALIDATION and ?active=true|false filter. */
export const GET = endpoint(flowOperations.listFlows, async (request, { context }) => {
  assertCatalogReader(context);
  return NextResponse.json(await listFlows(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = endpoint(flowOperations.createFlow, async (request, { context, json: body }) => {
  return NextResponse.json(await createFlow(context, body, requestMeta(request.headers).ip), { status: 201 });
});
