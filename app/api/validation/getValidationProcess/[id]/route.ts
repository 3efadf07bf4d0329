import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { getValidationProcess } from "@/lib/validations/process-data";

/** GET /api/validation/getValidationProcess/{processHexId}, with the process's secret in X-Url-Sign. */
export const GET = apiRoute<{ id: string }>(async (request, { id }) => {
  const data = await getValidationProcess(id, urlSignFrom(request), requestMeta(request.headers).ip);
  return NextResponse.json(data, { headers: { "cache-control": "no-store" } });
});
