import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { completeStep } from "@/lib/signing/complete-step";
import { urlSignFrom } from "@/lib/signing/http";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/** POST /api/signprocess/{processHexId}/step/{page}: completes the signer's current step (data-confirm, accept-terms, see-document, digital-signature). */
export const POST = endpoint(signerOperations.completeSigningStep, async (request, { params: { id, page }, json: body }) => {
  return NextResponse.json(await completeStep(id, urlSignFrom(request), page, body, requestMeta(request.headers)));
});
