import { NextResponse } from "next/server";
import { searchOperationLogs } from "@/lib/audit/search-operation-logs";
import { endpoint } from "@/lib/http/endpoint";
import { auditTrailOperations } from "@/lib/openapi/operations/audit-trail";

/** GET /api/data/operationLogs/search?search=&moduleId=&from=&to=&page=&size=: the /trading-history list. */
export const GET = endpoint(auditTrailOperations.searchOperationLogs, async (request, { context }) => {
  return NextResponse.json(await searchOperationLogs(context, Object.fromEntries(request.nextUrl.searchParams)));
});
