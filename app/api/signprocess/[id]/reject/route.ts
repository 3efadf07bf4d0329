import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { rejectProcess } from "@/lib/signing/reject-process";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/** POST /api/signprocess/{processHexId}/reject {reason}: the signer declines to sign. */
export const POST = endpoint(signerOperations.rejectSigningProcess, async (request, { params: { id }, json: body }) => {
  return NextResponse.json(await rejectProcess(id, urlSignFrom(request), body, requestMeta(request.headers)));
});
