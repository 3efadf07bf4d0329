import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { readNewSelfieRequest } from "@/lib/evidence/read-evidence-form";
import { urlSignFrom } from "@/lib/signing/http";
import { uploadValidationEvidence } from "@/lib/validation-process/validation-upload";
import { endpoint } from "@/lib/http/endpoint";
import { validationFlowOperations } from "@/lib/openapi/operations/validation-process";

/**
 * POST /api/validation/uploadNewSelfie (spec §7): form data with the process id (`processHexId`), `file` and
 * `selfieValidOnGov`; result "1" is success. The validation's selfie step upload under its spec name.
 */
export const POST = endpoint(validationFlowOperations.uploadValidationSelfie, async (request) => {
  const { processHexId, upload } = await readNewSelfieRequest(request);
  const stored = await uploadValidationEvidence(processHexId, urlSignFrom(request), upload, requestMeta(request.headers));
  return NextResponse.json({ ...stored, result: "1" });
});
