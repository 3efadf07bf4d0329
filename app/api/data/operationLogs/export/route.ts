import { requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { exportOperationLogs } from "@/lib/audit/export-operation-logs";
import { endpoint } from "@/lib/http/endpoint";
import { auditTrailOperations } from "@/lib/openapi/operations/audit-trail";

/** GET /api/data/operationLogs/export?format=xlsx|pdf and the list's filters: a file download in the caller's language. */
export const GET = endpoint(auditTrailOperations.exportOperationLogs, async (request, { context }) => {
  const file = await exportOperationLogs(
    context,
    Object.fromEntries(request.nextUrl.searchParams),
    requestLocale(request),
    requestMeta(request.headers).ip,
  );
  return new Response(new Uint8Array(file.body), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
  });
});
