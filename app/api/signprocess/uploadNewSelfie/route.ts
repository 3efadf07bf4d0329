import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { readNewSelfieRequest } from "@/lib/evidence/read-evidence-form";
import { uploadEvidence } from "@/lib/signing/signer-upload";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/**
 * POST /api/signprocess/uploadNewSelfie (spec §7): form data with the process id (`processHexId`),
 * `file` and `selfieValidOnGov`; result "1" is success. The selfie step's upload under its spec name.
 */
export const POST = endpoint(signerOperations.uploadSigningSelfie, async (request) => {
  const { processHexId, upload } = await readNewSelfieRequest(request);
  const stored = await uploadEvidence(processHexId, urlSignFrom(request), upload, requestMeta(request.headers));
  return NextResponse.json({ ...stored, result: "1" });
});
