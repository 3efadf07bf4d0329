import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { readDocumentFileForSigner } from "@/lib/signing/read-document-file";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/** GET /api/signprocess/{processHexId}/files/{fileHexId}: the PDF to read, for a live link only. */
export const GET = endpoint(signerOperations.readSigningFile, async (request, { params: { id, fileHexId } }) => {
  const file = await readDocumentFileForSigner(id, urlSignFrom(request), fileHexId, requestMeta(request.headers).ip);
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
