import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { issueValidationVideoChallenge } from "@/lib/validation-process/validation-upload";

/** POST /api/validation-process/{processHexId}/video-challenge: the digits to read in the video step, as the signer's call answers. */
export const POST = apiRoute<{ processHexId: string }>(async (request, { processHexId }) => {
  return NextResponse.json(await issueValidationVideoChallenge(processHexId, urlSignFrom(request), requestMeta(request.headers)));
});
