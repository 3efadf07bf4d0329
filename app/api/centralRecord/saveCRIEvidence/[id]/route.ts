import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { saveCriEvidence } from "@/lib/signing/save-cri-evidence";

/** GET /api/centralRecord/saveCRIEvidence/{processHexId}: the signer's identity checked against the government registry, kept as evidence. */
export const GET = apiRoute<{ id: string }>(async (request, { id }) => {
  return NextResponse.json(await saveCriEvidence(id, urlSignFrom(request), requestMeta(request.headers)));
});
