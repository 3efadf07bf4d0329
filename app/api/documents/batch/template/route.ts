import { requestLocale } from "@/lib/http/api";
import { attachmentDisposition } from "@/lib/http/content-disposition";
import { batchTemplate } from "@/lib/documents/batch/template";
import { endpoint } from "@/lib/http/endpoint";
import { batchImportOperations } from "@/lib/openapi/operations/batch-import";

/** GET /api/documents/batch/template?format=xlsx|csv: the batch import file to fill in, in the caller's language. */
export const GET = endpoint(batchImportOperations.batchImportTemplate, async (request, { context }) => {
  const file = await batchTemplate(context, Object.fromEntries(request.nextUrl.searchParams), requestLocale(request));
  return new Response(new Uint8Array(file.body), {
    headers: { "content-type": file.contentType, "content-disposition": attachmentDisposition(file.fileName), "cache-control": "no-store" },
  });
});
