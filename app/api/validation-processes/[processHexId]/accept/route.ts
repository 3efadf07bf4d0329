import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { acceptValidationProcess } from "@/lib/validation-review/decide-process";
import { endpoint } from "@/lib/http/endpoint";
import { validationReviewOperations } from "@/lib/openapi/operations/validation-review";

/** POST /api/validation-processes/{processHexId}/accept: a process in review is COMPLETED; the decision is final. */
export const POST = endpoint(validationReviewOperations.acceptValidationProcess, async (request, { context, params: { processHexId } }) => {
  return NextResponse.json(await acceptValidationProcess(context, processHexId, requestMeta(request.headers).ip));
});
