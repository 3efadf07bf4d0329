import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { getValidationProcess } from "@/lib/validations/process-data";
import { endpoint } from "@/lib/http/endpoint";
import { validationProcessOperations } from "@/lib/openapi/operations/validations";

/** GET /api/validation/getValidationProcess/{processHexId}, with the process's secret in X-Url-Sign. */
export const GET = endpoint(validationProcessOperations.getValidationProcess, async (request, { params: { id } }) => {
  const data = await getValidationProcess(id, urlSignFrom(request), requestMeta(request.headers).ip);
  return NextResponse.json(data, { headers: { "cache-control": "no-store" } });
});
