import { reviewVideo } from "@/lib/signing/review-evidence";
import { endpoint } from "@/lib/http/endpoint";
import { mediaAnswer } from "@/lib/http/media-range";
import { shipmentReviewOperations } from "@/lib/openapi/operations/shipment-review";

/** The signer's recording for staff review (whole, or the byte range the player asks for): the document's organisation only, never cached or public. */
export const GET = endpoint(shipmentReviewOperations.getSignerReviewVideo, async (request, { context, params }) => {
  const video = await reviewVideo(context, params.documentHexId, params.signerHexId);
  return mediaAnswer(request, video.bytes, {
    "content-type": video.mimeType,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
});
