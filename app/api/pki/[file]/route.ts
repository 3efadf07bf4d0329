import { AppError } from "@/lib/errors/app-error";
import { servedCrl } from "@/lib/pdf/signing-authority";
import { endpoint } from "@/lib/http/endpoint";
import { publicFileOperations } from "@/lib/openapi/operations/public-files";

/**
 * GET /api/pki/{file}: public. The certificate revocation lists the signers' certificates name as their distribution
 * points: signer-ca.crl (the platform's signer CA) and {hexId}.crl (an organisation's signing CA), DER. Each answer is
 * signed at most an hour before (valid a week); verifiers may keep it until its nextUpdate.
 */
export const GET = endpoint(publicFileOperations.getCrl, async (request, { params: { file } }) => {
  const crl = await servedCrl(file);
  if (!crl) throw new AppError("NOT_FOUND");
  return new Response(Buffer.from(crl), {
    headers: { "content-type": "application/pkix-crl", "cache-control": "public, max-age=3600" },
  });
});
