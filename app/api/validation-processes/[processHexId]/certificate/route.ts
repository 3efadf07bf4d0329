import { requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { certificateResponse, staffValidationCertificate } from "@/lib/validation-process/certificate-download";
import { endpoint } from "@/lib/http/endpoint";
import { validationCertificateOperations } from "@/lib/openapi/operations/validation-certificate";

/** GET /api/validation-processes/{processHexId}/certificate: the sealed validation certificate, for the organisation's staff. */
export const GET = endpoint(
  validationCertificateOperations.getValidationCertificate,
  async (request, { context, params: { processHexId } }) => {
    const file = await staffValidationCertificate(context, processHexId, requestLocale(request), requestMeta(request.headers).ip);
    return certificateResponse(file);
  },
);
