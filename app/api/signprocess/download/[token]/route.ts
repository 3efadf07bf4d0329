import { requestLocale } from "@/lib/http/api";
import { attachmentDisposition } from "@/lib/http/content-disposition";
import { requestMeta } from "@/lib/http/request";
import { downloadForSigner } from "@/lib/signing/download-link";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/** GET /api/signprocess/download/{urlDownload}?file={fileHexId|certificate}: a signer's copy of the signed shipment and its audit certificate. */
export const GET = endpoint(signerOperations.downloadForSigner, async (request, { params: { token } }) => {
  const file = request.nextUrl.searchParams.get("file") ?? undefined;
  const packed = await downloadForSigner(
    token,
    file && /^(?:[0-9a-f]{32}|certificate)$/.test(file) ? file : undefined,
    requestLocale(request),
    requestMeta(request.headers),
  );
  return new Response(Buffer.from(packed.body), {
    headers: {
      "content-type": packed.contentType,
      "content-disposition": attachmentDisposition(packed.fileName),
      "cache-control": "private, no-store",
    },
  });
});
