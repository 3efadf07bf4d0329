import { apiRoute, requestLocale, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { exportOperationLogs } from "@/lib/audit/export-operation-logs";

/** GET /api/data/operationLogs/export?format=xlsx|pdf and the list's filters: a file download in the caller's language. */
export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "EXPORT" });
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
