import { NextResponse } from "next/server";
import { reportCharts } from "@/lib/reports/report-charts";
import { endpoint } from "@/lib/http/endpoint";
import { reportOperations } from "@/lib/openapi/operations/reports";

/** GET /api/reports/charts?from&to and the shipment filters: the report charts' aggregates, per day on the organisation's clocks. */
export const GET = endpoint(reportOperations.reportCharts, async (request, { context }) => {
  return NextResponse.json(await reportCharts(context, Object.fromEntries(request.nextUrl.searchParams)));
});
