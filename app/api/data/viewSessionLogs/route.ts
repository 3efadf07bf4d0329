import { NextResponse } from "next/server";
import { listSessionLogs } from "@/lib/audit/session-logs";
import { endpoint } from "@/lib/http/endpoint";
import { auditTrailOperations } from "@/lib/openapi/operations/audit-trail";

export const GET = endpoint(auditTrailOperations.listSessionLogs, async (request, { context }) => {
  return NextResponse.json(await listSessionLogs(context, Object.fromEntries(request.nextUrl.searchParams)));
});
