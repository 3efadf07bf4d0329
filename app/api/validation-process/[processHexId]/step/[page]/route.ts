import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { completeValidationStep } from "@/lib/validation-process/complete-step";

/**
 * POST /api/validation-process/{processHexId}/step/{page}: completes the person's current step (home-page terms,
 * data-capture-validation, data-confirm) and answers {next}, the page to go to; the secret in X-Url-Sign.
 */
export const POST = apiRoute<{ processHexId: string; page: string }>(async (request, { processHexId, page }) => {
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await completeValidationStep(processHexId, urlSignFrom(request), page, body, requestMeta(request.headers)));
});
