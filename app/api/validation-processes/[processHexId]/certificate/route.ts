import { apiRoute, requestLocale, requireAuth } from "@/lib/http/api";
import { attachmentDisposition } from "@/lib/http/content-disposition";
import { requestMeta } from "@/lib/http/request";
import { staffValidationCertificate } from "@/lib/validation-process/certificate-download";

/** GET /api/validation-processes/{processHexId}/certificate: the sealed validation certificate, for the organisation's staff. */
export const GET = apiRoute<{ processHexId: string }>(async (request, { processHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "VIEW" });
  const file = await staffValidationCertificate(context, processHexId, requestLocale(request), requestMeta(request.headers).ip);
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
