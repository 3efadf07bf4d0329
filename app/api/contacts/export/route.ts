import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { exportContacts } from "@/lib/contacts/export-contacts";

/** GET /api/contacts/export?format=xlsx|csv&search=...: a file download. */
export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "CONTACTO", action: "EXPORT" });
  const file = await exportContacts(context, Object.fromEntries(request.nextUrl.searchParams), requestMeta(request.headers).ip);
  return new Response(new Uint8Array(file.body), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
  });
});
