import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { verifyValidationProcess } from "@/lib/validation-process/end-process";
import { endpoint } from "@/lib/http/endpoint";
import { validationFlowOperations } from "@/lib/openapi/operations/validation-process";

/** GET /api/validation/verify/{processHexId}: the validation process's status and the state that ended it, for pages to check before each step. */
export const GET = endpoint(validationFlowOperations.verifyValidationProcess, async (request, { params: { id } }) => {
  return NextResponse.json(await verifyValidationProcess(id, urlSignFrom(request), requestMeta(request.headers).ip), {
    headers: { "cache-control": "no-store" },
  });
});
