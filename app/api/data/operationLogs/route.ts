import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { listOperationLogs, saveClientOperation } from "@/lib/audit/session-logs";
import { endpoint } from "@/lib/http/endpoint";
import { logOperations } from "@/lib/openapi/operations/logs";
import { auditTrailOperations } from "@/lib/openapi/operations/audit-trail";

export const POST = endpoint(auditTrailOperations.recordClientOperation, async (request, { context, json: body }) => {
  return NextResponse.json(await saveClientOperation(context, body, requestMeta(request.headers).ip), { status: 201 });
});

export const GET = endpoint(logOperations.listOperationLogs, async (request, { context }) => {
  return NextResponse.json(await listOperationLogs(context, Object.fromEntries(request.nextUrl.searchParams)));
});
