import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { readEvidenceForm } from "@/lib/evidence/read-evidence-form";
import { uploadEvidence } from "@/lib/signing/signer-upload";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/**
 * POST /api/signprocess/{processHexId}/evidence, multipart: kind (ID_FRONT, ID_REAR, SELFIE, VIDEO,
 * FINGERPRINT), uploadId, file, capturedAt?, accepted? (selfie), detail?; the link secret in X-Url-Sign.
 */
export const POST = endpoint(signerOperations.uploadSigningEvidence, async (request, { params: { id } }) => {
  const meta = requestMeta(request.headers);
  const upload = await readEvidenceForm(request);
  return NextResponse.json(await uploadEvidence(id, urlSignFrom(request), upload, meta));
});
