import { requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { certificateResponse, personValidationCertificate } from "@/lib/validation-process/certificate-download";
import { endpoint } from "@/lib/http/endpoint";
import { ownValidationCertificateOperations } from "@/lib/openapi/operations/validation-certificate";

/** GET /api/validation-process/{processHexId}/certificate, the process's secret in X-Url-Sign: the person's own certificate. */
export const GET = endpoint(
  ownValidationCertificateOperations.getOwnValidationCertificate,
  async (request, { params: { processHexId } }) => {
    const file = await personValidationCertificate(
      processHexId,
      urlSignFrom(request),
      requestLocale(request),
      requestMeta(request.headers),
    );
    return certificateResponse(file);
  },
);
