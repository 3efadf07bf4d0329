import { NextResponse } from "next/server";
import { validationPackage } from "@/lib/documents/validation-package";
import { endpoint } from "@/lib/http/endpoint";
import { publicFileOperations } from "@/lib/openapi/operations/public-files";

/**
 * GET /api/validateDocs/{signatureHexId}/package: public. The evidence package of a completed and
 * sealed shipment as a ZIP (sealed PDFs, evidence.json, VERIFY.md); 404 unknown, 409 not sealed yet.
 */
export const GET = endpoint(publicFileOperations.getValidationPackage, async (request, { params: { signatureHexId } }) => {
  const { fileName, zip } = await validationPackage(signatureHexId);
  return new NextResponse(Buffer.from(zip), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
});
