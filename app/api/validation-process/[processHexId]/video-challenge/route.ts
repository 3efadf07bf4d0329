import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { issueValidationVideoChallenge } from "@/lib/validation-process/validation-upload";
import { endpoint } from "@/lib/http/endpoint";
import { validationFlowOperations } from "@/lib/openapi/operations/validation-process";

/** POST /api/validation-process/{processHexId}/video-challenge: the digits to read in the video step, as the signer's call answers. */
export const POST = endpoint(validationFlowOperations.issueValidationVideoChallenge, async (request, { params: { processHexId } }) => {
  return NextResponse.json(await issueValidationVideoChallenge(processHexId, urlSignFrom(request), requestMeta(request.headers)));
});
