import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { rejectValidation } from "@/lib/validation-process/end-process";

/** POST /api/validation-process/{processHexId}/reject {reason}: the person declines to be validated; irreversible. */
export const POST = apiRoute<{ processHexId: string }>(async (request, { processHexId }) => {
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await rejectValidation(processHexId, urlSignFrom(request), body, requestMeta(request.headers)));
});
