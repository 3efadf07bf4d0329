import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { validationEvidenceFile } from "@/lib/validation-review/process-detail";

/** One evidence file of a validation process (photo, video, registry answer) for its organisation's staff: never cached or public. */
export const GET = apiRoute<{ processHexId: string; evidenceHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "VIEW" });
  const file = await validationEvidenceFile(context, params.processHexId, params.evidenceHexId);
  return new NextResponse(Buffer.from(file.bytes), {
    headers: {
      "content-type": file.mimeType,
      "content-length": String(file.bytes.byteLength),
      "content-disposition": "inline",
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "x-evidence-sha256": file.sha256,
    },
  });
});
