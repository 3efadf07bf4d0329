import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { reportCharts } from "@/lib/reports/report-charts";

/** GET /api/reports/charts?from&to and the shipment filters: the report charts' aggregates, per day on the organisation's clocks. */
export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "EXPORT" });
  return NextResponse.json(await reportCharts(context, Object.fromEntries(request.nextUrl.searchParams)));
});
