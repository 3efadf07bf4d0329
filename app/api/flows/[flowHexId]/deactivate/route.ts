import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { deactivateFlow } from "@/lib/flows/deactivate-flow";
import { endpoint } from "@/lib/http/endpoint";
import { flowOperations } from "@/lib/openapi/operations/flows";

export const POST = endpoint(flowOperations.deactivateFlow, async (request, { context, params }) => {
  return NextResponse.json(await deactivateFlow(context, params.flowHexId, requestMeta(request.headers).ip));
});
