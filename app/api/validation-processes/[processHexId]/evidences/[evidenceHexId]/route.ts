import { validationEvidenceFile } from "@/lib/validation-review/process-detail";
import { endpoint } from "@/lib/http/endpoint";
import { mediaAnswer } from "@/lib/http/media-range";
import { validationReviewOperations } from "@/lib/openapi/operations/validation-review";

/** One evidence file of a validation process (photo, video, registry answer) for its organisation's staff: never cached or public. */
export const GET = endpoint(validationReviewOperations.getValidationEvidenceFile, async (request, { context, params }) => {
  const file = await validationEvidenceFile(context, params.processHexId, params.evidenceHexId);
  return mediaAnswer(request, file.bytes, {
    "content-type": file.mimeType,
    "content-disposition": "inline",
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    "x-evidence-sha256": file.sha256,
  });
});
