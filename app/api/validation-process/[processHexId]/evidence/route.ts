import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { readEvidenceForm } from "@/lib/evidence/read-evidence-form";
import { urlSignFrom } from "@/lib/signing/http";
import { uploadValidationEvidence } from "@/lib/validation-process/validation-upload";
import { endpoint } from "@/lib/http/endpoint";
import { validationFlowOperations } from "@/lib/openapi/operations/validation-process";

/**
 * POST /api/validation-process/{processHexId}/evidence: the same multipart form as POST /api/signprocess/{id}/evidence
 * (kind, uploadId, file — sealed or not —, capturedAt?, accepted?, detail?); the secret in X-Url-Sign.
 */
export const POST = endpoint(validationFlowOperations.uploadValidationEvidence, async (request, { params: { processHexId } }) => {
  const meta = requestMeta(request.headers);
  const upload = await readEvidenceForm(request);
  return NextResponse.json(await uploadValidationEvidence(processHexId, urlSignFrom(request), upload, meta));
});
