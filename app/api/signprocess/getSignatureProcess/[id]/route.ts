import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { getSignatureProcess } from "@/lib/signing/process-data";

/** GET /api/signprocess/getSignatureProcess/{processHexId}, with the link secret in X-Url-Sign. */
export const GET = apiRoute<{ id: string }>(async (request, { id }) => {
  const data = await getSignatureProcess(id, urlSignFrom(request), requestMeta(request.headers).ip);
  return NextResponse.json(data, { headers: { "cache-control": "no-store" } });
});
