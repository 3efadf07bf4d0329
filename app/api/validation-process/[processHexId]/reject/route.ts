import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { rejectValidation } from "@/lib/validation-process/end-process";
import { endpoint } from "@/lib/http/endpoint";
import { validationFlowOperations } from "@/lib/openapi/operations/validation-process";

/** POST /api/validation-process/{processHexId}/reject {reason}: the person declines to be validated; irreversible. */
export const POST = endpoint(
  validationFlowOperations.declineValidationProcess,
  async (request, { params: { processHexId }, json: body }) => {
    return NextResponse.json(await rejectValidation(processHexId, urlSignFrom(request), body, requestMeta(request.headers)));
  },
);
