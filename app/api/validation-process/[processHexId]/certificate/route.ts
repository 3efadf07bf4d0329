import { apiRoute, requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { certificateResponse, personValidationCertificate } from "@/lib/validation-process/certificate-download";

/** GET /api/validation-process/{processHexId}/certificate, the process's secret in X-Url-Sign: the person's own certificate. */
export const GET = apiRoute<{ processHexId: string }>(async (request, { processHexId }) => {
  const file = await personValidationCertificate(processHexId, urlSignFrom(request), requestLocale(request), requestMeta(request.headers));
  return certificateResponse(file);
});
