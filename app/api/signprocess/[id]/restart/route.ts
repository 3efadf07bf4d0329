import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { restartProcess } from "@/lib/signing/attempts";
import { urlSignFrom } from "@/lib/signing/http";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/** POST /api/signprocess/{processHexId}/restart: after finishedAttempts, the process starts again from its first step. */
export const POST = endpoint(signerOperations.restartSigningProcess, async (request, { params: { id } }) => {
  return NextResponse.json(await restartProcess(id, urlSignFrom(request), requestMeta(request.headers)));
});
