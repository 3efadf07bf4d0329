import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { completeStep } from "@/lib/signing/complete-step";
import { urlSignFrom } from "@/lib/signing/http";

/** POST /api/signprocess/{processHexId}/step/{page}: completes the signer's current step (data-confirm, accept-terms, see-document, digital-signature). */
export const POST = apiRoute<{ id: string; page: string }>(async (request, { id, page }) => {
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await completeStep(id, urlSignFrom(request), page, body, requestMeta(request.headers)));
});
