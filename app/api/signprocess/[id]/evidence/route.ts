import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { urlSignFrom } from "@/lib/signing/http";
import { readEvidenceForm } from "@/lib/evidence/read-evidence-form";
import { uploadEvidence } from "@/lib/signing/signer-upload";

/**
 * POST /api/signprocess/{processHexId}/evidence, multipart: kind (ID_FRONT, ID_REAR, SELFIE, VIDEO,
 * FINGERPRINT), uploadId, file, capturedAt?, accepted? (selfie), detail?; the link secret in X-Url-Sign.
 */
export const POST = apiRoute<{ id: string }>(async (request, { id }) => {
  const meta = requestMeta(request.headers);
  // Reading and decrypting an upload costs the server: bounded per client address before any of it.
  await enforceRateLimit(`evidence-upload:ip:${meta.ip}`, 600, 600);
  const upload = await readEvidenceForm(request);
  return NextResponse.json(await uploadEvidence(id, urlSignFrom(request), upload, meta));
});
