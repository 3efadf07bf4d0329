import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { assertCatalogReader } from "@/lib/permissions/catalog-readers";
import { getFlow } from "@/lib/flows/get-flow";
import { updateFlow } from "@/lib/flows/update-flow";
import { deleteFlow } from "@/lib/flows/delete-flow";
import { endpoint } from "@/lib/http/endpoint";
import { flowOperations } from "@/lib/openapi/operations/flows";

export const GET = endpoint(flowOperations.getFlow, async (request, { context, params }) => {
  assertCatalogReader(context);
  return NextResponse.json(await getFlow(context, params.flowHexId));
});

/** Title, settings and the ordered steps; refused once the flow is in use. */
export const PUT = endpoint(flowOperations.updateFlow, async (request, { context, params, json: body }) => {
  return NextResponse.json(await updateFlow(context, params.flowHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = endpoint(flowOperations.deleteFlow, async (request, { context, params }) => {
  await deleteFlow(context, params.flowHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ result: 1 });
});
