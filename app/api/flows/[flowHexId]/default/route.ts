import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { makeDefaultFlow } from "@/lib/flows/make-default-flow";
import { endpoint } from "@/lib/http/endpoint";
import { flowOperations } from "@/lib/openapi/operations/flows";

export const POST = endpoint(flowOperations.makeDefaultFlow, async (request, { context, params }) => {
  return NextResponse.json(await makeDefaultFlow(context, params.flowHexId, requestMeta(request.headers).ip));
});
