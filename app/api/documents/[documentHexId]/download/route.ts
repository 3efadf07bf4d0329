import { requestLocale } from "@/lib/http/api";
import { attachmentDisposition } from "@/lib/http/content-disposition";
import { requestMeta } from "@/lib/http/request";
import { downloadSignedDocument } from "@/lib/documents/download-signed";
import { endpoint } from "@/lib/http/endpoint";
import { shipmentOperations } from "@/lib/openapi/operations/shipments";

/** The signed PDF (or a ZIP of the signed PDFs) of a completed shipment; ?file={fileHexId} picks one. */
export const GET = endpoint(shipmentOperations.downloadSignedDocument, async (request, { context, params }) => {
  const query = Object.fromEntries(request.nextUrl.searchParams);
  const file = await downloadSignedDocument(context, params.documentHexId, query, requestLocale(request), requestMeta(request.headers).ip);
  return new Response(new Uint8Array(file.body), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.body.byteLength),
      "content-disposition": attachmentDisposition(file.fileName),
      "cache-control": "private, no-store",
    },
  });
});
