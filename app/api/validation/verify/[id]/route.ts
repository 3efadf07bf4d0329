import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { verifyValidationProcess } from "@/lib/validation-process/end-process";

/** GET /api/validation/verify/{processHexId}: the validation process's status and the state that ended it, for pages to check before each step. */
export const GET = apiRoute<{ id: string }>(async (request, { id }) => {
  return NextResponse.json(await verifyValidationProcess(id, urlSignFrom(request), requestMeta(request.headers).ip), {
    headers: { "cache-control": "no-store" },
  });
});
