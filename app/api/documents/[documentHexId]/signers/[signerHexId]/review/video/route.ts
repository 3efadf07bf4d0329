import { NextResponse } from "next/server";
import { reviewVideo } from "@/lib/signing/review-evidence";
import { endpoint } from "@/lib/http/endpoint";
import { shipmentReviewOperations } from "@/lib/openapi/operations/shipment-review";

/** The signer's recording for staff review: the document's organisation only, never cached or public. */
export const GET = endpoint(shipmentReviewOperations.getSignerReviewVideo, async (request, { context, params }) => {
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
