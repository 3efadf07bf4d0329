import { requestMeta } from "@/lib/http/request";
import { exportContacts } from "@/lib/contacts/export-contacts";
import { endpoint } from "@/lib/http/endpoint";
import { contactOperations } from "@/lib/openapi/operations/contacts";

/** GET /api/contacts/export?format=xlsx|csv&search=...: a file download. */
export const GET = endpoint(contactOperations.exportContacts, async (request, { context }) => {
  const file = await exportContacts(context, Object.fromEntries(request.nextUrl.searchParams), requestMeta(request.headers).ip);
  return new Response(new Uint8Array(file.body), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
  });
});
