import { requestLocale } from "@/lib/http/api";
import { attachmentDisposition } from "@/lib/http/content-disposition";
import { requestMeta } from "@/lib/http/request";
import { exportReport } from "@/lib/reports/export-report";
import { reportNameOf } from "@/lib/reports/report-names";
import { endpoint } from "@/lib/http/endpoint";
import { reportOperations } from "@/lib/openapi/operations/reports";

/** GET /api/reports/{report}/export?format=xlsx|pdf and the report's filters: a file download in the caller's language. */
export const GET = endpoint(reportOperations.exportReport, async (request, { context, params: { report } }) => {
  const file = await exportReport(
    context,
    reportNameOf(report),
    Object.fromEntries(request.nextUrl.searchParams),
    requestLocale(request),
    requestMeta(request.headers).ip,
  );
  return new Response(new Uint8Array(file.body), {
    headers: { "content-type": file.contentType, "content-disposition": attachmentDisposition(file.fileName), "cache-control": "no-store" },
  });
});
