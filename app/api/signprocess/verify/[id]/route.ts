import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { verifySignatureProcess } from "@/lib/signing/verify-process";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/** GET /api/signprocess/verify/{processHexId}: status and documentStatus, for pages to check before each step. */
export const GET = endpoint(signerOperations.verifySignatureProcess, async (request, { params: { id } }) => {
  return NextResponse.json(await verifySignatureProcess(id, urlSignFrom(request), requestMeta(request.headers).ip), {
    headers: { "cache-control": "no-store" },
  });
});
