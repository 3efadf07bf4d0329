import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { cloneFlow } from "@/lib/flows/clone-flow";
import { endpoint } from "@/lib/http/endpoint";
import { flowOperations } from "@/lib/openapi/operations/flows";

/** Body `{ name? }`; without a name the copy is called "<name> (copia)". */
export const POST = endpoint(flowOperations.cloneFlow, async (request, { context, params, json: body }) => {
  return NextResponse.json(await cloneFlow(context, params.flowHexId, body ?? {}, requestMeta(request.headers).ip), { status: 201 });
});
