import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { restartValidation } from "@/lib/validation-process/end-process";

/** POST /api/validation-process/{processHexId}/restart: after finishedAttempts, the process starts again from its first step. */
export const POST = apiRoute<{ processHexId: string }>(async (request, { processHexId }) => {
  return NextResponse.json(await restartValidation(processHexId, urlSignFrom(request), requestMeta(request.headers)));
});
