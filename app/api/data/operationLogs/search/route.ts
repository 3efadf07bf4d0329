import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { searchOperationLogs } from "@/lib/audit/search-operation-logs";

/** GET /api/data/operationLogs/search?search=&moduleId=&from=&to=&page=&size=: the /trading-history list. */
export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "VIEW" });
  return NextResponse.json(await searchOperationLogs(context, Object.fromEntries(request.nextUrl.searchParams)));
});
