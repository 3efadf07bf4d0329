import { apiRoute, requestLocale, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { certificateResponse, staffValidationCertificate } from "@/lib/validation-process/certificate-download";

/** GET /api/validation-processes/{processHexId}/certificate: the sealed validation certificate, for the organisation's staff. */
export const GET = apiRoute<{ processHexId: string }>(async (request, { processHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "VIEW" });
  const file = await staffValidationCertificate(context, processHexId, requestLocale(request), requestMeta(request.headers).ip);
  return certificateResponse(file);
});
