import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { reviewVideo } from "@/lib/signing/review-evidence";

/** The signer's recording for staff review: the document's organisation only, never cached or public. */
export const GET = apiRoute<{ documentHexId: string; signerHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "VIEW" });
  const video = await reviewVideo(context, params.documentHexId, params.signerHexId);
  return new NextResponse(Buffer.from(video.bytes), {
    headers: {
      "content-type": video.mimeType,
      "content-length": String(video.bytes.byteLength),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
