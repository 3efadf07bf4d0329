import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { restartValidation } from "@/lib/validation-process/end-process";
import { endpoint } from "@/lib/http/endpoint";
import { validationFlowOperations } from "@/lib/openapi/operations/validation-process";

/** POST /api/validation-process/{processHexId}/restart: after finishedAttempts, the process starts again from its first step. */
export const POST = endpoint(validationFlowOperations.restartOwnValidationProcess, async (request, { params: { processHexId } }) => {
  return NextResponse.json(await restartValidation(processHexId, urlSignFrom(request), requestMeta(request.headers)));
});
