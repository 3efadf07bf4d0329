import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { getSignatureProcess } from "@/lib/signing/process-data";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/** GET /api/signprocess/getSignatureProcess/{processHexId}, with the link secret in X-Url-Sign. */
export const GET = endpoint(signerOperations.getSignatureProcess, async (request, { params: { id } }) => {
  const data = await getSignatureProcess(id, urlSignFrom(request), requestMeta(request.headers).ip);
  return NextResponse.json(data, { headers: { "cache-control": "no-store" } });
});
