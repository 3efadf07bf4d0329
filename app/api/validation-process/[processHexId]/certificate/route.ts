import { apiRoute, requestLocale } from "@/lib/http/api";
import { attachmentDisposition } from "@/lib/http/content-disposition";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { personValidationCertificate } from "@/lib/validation-process/certificate-download";

/** GET /api/validation-process/{processHexId}/certificate, the process's secret in X-Url-Sign: the person's own certificate. */
export const GET = apiRoute<{ processHexId: string }>(async (request, { processHexId }) => {
  const file = await personValidationCertificate(processHexId, urlSignFrom(request), requestLocale(request), requestMeta(request.headers));
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-length": String(file.bytes.byteLength),
      "content-disposition": attachmentDisposition(file.fileName),
      "cache-control": "private, no-store",
      "x-certificate-sha256": file.sha256,
    },
  });
});
