import { NextResponse } from "next/server";
import { validationPackage } from "@/lib/documents/validation-package";
import { requestMeta } from "@/lib/http/request";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { endpoint } from "@/lib/http/endpoint";
import { publicFileOperations } from "@/lib/openapi/operations/public-files";

/**
 * GET /api/validateDocs/{signatureHexId}/package: public. The evidence package of a completed and
 * sealed shipment as a ZIP (sealed PDFs, evidence.json, VERIFY.md); 404 unknown, 409 not sealed yet.
 */
export const GET = endpoint(publicFileOperations.getValidationPackage, async (request, { params: { signatureHexId } }) => {
  // Anyone may call it, and it reads the sealed files: bounded per client address.
  await enforceRateLimit(`validate-docs-package:ip:${requestMeta(request.headers).ip}`, 10, 600);
  const { fileName, zip } = await validationPackage(signatureHexId);
  return new NextResponse(Buffer.from(zip), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
});
