import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { completeValidationStep } from "@/lib/validation-process/complete-step";
import { endpoint } from "@/lib/http/endpoint";
import { validationFlowOperations } from "@/lib/openapi/operations/validation-process";

/**
 * POST /api/validation-process/{processHexId}/step/{page}: completes the person's current step (home-page terms,
 * data-capture-validation, data-confirm) and answers {next}, the page to go to; the secret in X-Url-Sign.
 */
export const POST = endpoint(
  validationFlowOperations.completeValidationStep,
  async (request, { params: { processHexId, page }, json: body }) => {
    return NextResponse.json(await completeValidationStep(processHexId, urlSignFrom(request), page, body, requestMeta(request.headers)));
  },
);
