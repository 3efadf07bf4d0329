import { NextResponse } from "next/server";
import { signatureReport } from "@/lib/reports/signature-report";
import { endpoint } from "@/lib/http/endpoint";
import { reportOperations } from "@/lib/openapi/operations/reports";

/** GET /api/reports/signatures: one page of the signature report, filtered and sorted on the server. */
export const GET = endpoint(reportOperations.signatureReport, async (request, { context }) => {
  return NextResponse.json(await signatureReport(context, Object.fromEntries(request.nextUrl.searchParams)));
});
