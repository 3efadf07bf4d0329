import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { activateFlow } from "@/lib/flows/activate-flow";
import { endpoint } from "@/lib/http/endpoint";
import { flowOperations } from "@/lib/openapi/operations/flows";

export const POST = endpoint(flowOperations.activateFlow, async (request, { context, params }) => {
  return NextResponse.json(await activateFlow(context, params.flowHexId, requestMeta(request.headers).ip));
});
