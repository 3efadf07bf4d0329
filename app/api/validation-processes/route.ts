import { NextResponse } from "next/server";
import { listValidationProcesses } from "@/lib/validation-review/list-processes";
import { endpoint } from "@/lib/http/endpoint";
import { validationReviewOperations } from "@/lib/openapi/operations/validation-review";

/** GET /api/validation-processes?status=&validationHexId=&q=&page=&size=: the organisation's validation processes. */
export const GET = endpoint(validationReviewOperations.listValidationProcesses, async (request, { context }) => {
  return NextResponse.json(await listValidationProcesses(context, Object.fromEntries(request.nextUrl.searchParams)));
});
