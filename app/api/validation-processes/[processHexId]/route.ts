import { NextResponse } from "next/server";
import { apiRoute, requestLocale, requireAuth } from "@/lib/http/api";
import { getValidationProcessDetail } from "@/lib/validation-review/process-detail";

/** GET /api/validation-processes/{processHexId}: the process with its evidence, checks, locations and trail. */
export const GET = apiRoute<{ processHexId: string }>(async (request, { processHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "VIEW" });
  return NextResponse.json(await getValidationProcessDetail(context, processHexId, requestLocale(request)), {
    headers: { "cache-control": "private, no-store" },
  });
});
