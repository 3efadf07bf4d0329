import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { saveCriEvidence } from "@/lib/signing/save-cri-evidence";
import { isValidationProcess, saveValidationCriEvidence } from "@/lib/validation-process/end-process";
import { endpoint } from "@/lib/http/endpoint";
import { publicFileOperations } from "@/lib/openapi/operations/public-files";

/**
 * GET /api/centralRecord/saveCRIEvidence/{processHexId}: the person's identity (a signer's, or a validation process's)
 * checked against the government registry, kept as evidence of their process.
 */
export const GET = endpoint(publicFileOperations.saveCriEvidence, async (request, { params: { id } }) => {
  const meta = requestMeta(request.headers);
  const check = (await isValidationProcess(id)) ? saveValidationCriEvidence : saveCriEvidence;
  return NextResponse.json(await check(id, urlSignFrom(request), meta));
});
