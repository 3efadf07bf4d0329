import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { listValidationProcesses } from "@/lib/validation-review/list-processes";

/** GET /api/validation-processes?status=&validationHexId=&q=&page=&size=: the organisation's validation processes. */
export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "VIEW" });
  return NextResponse.json(await listValidationProcesses(context, Object.fromEntries(request.nextUrl.searchParams)));
});
