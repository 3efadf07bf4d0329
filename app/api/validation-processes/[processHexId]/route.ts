import { NextResponse } from "next/server";
import { requestLocale } from "@/lib/http/api";
import { getValidationProcessDetail } from "@/lib/validation-review/process-detail";
import { endpoint } from "@/lib/http/endpoint";
import { validationReviewOperations } from "@/lib/openapi/operations/validation-review";

/** GET /api/validation-processes/{processHexId}: the process with its evidence, checks, locations and trail. */
export const GET = endpoint(
  validationReviewOperations.getValidationProcessReview,
  async (request, { context, params: { processHexId } }) => {
    return NextResponse.json(await getValidationProcessDetail(context, processHexId, requestLocale(request)), {
      headers: { "cache-control": "private, no-store" },
    });
  },
);
