import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { rejectValidationProcess } from "@/lib/validation-review/decide-process";
import { endpoint } from "@/lib/http/endpoint";
import { validationReviewOperations } from "@/lib/openapi/operations/validation-review";

/** POST /api/validation-processes/{processHexId}/reject {reason}: a process in review is REJECTED, irreversibly. */
export const POST = endpoint(
  validationReviewOperations.rejectValidationProcess,
  async (request, { context, params: { processHexId }, json: body }) => {
    return NextResponse.json(await rejectValidationProcess(context, processHexId, body, requestMeta(request.headers).ip));
  },
);
