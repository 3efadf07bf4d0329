import { NextResponse } from "next/server";
import { shipmentReport } from "@/lib/reports/shipment-report";
import { endpoint } from "@/lib/http/endpoint";
import { reportOperations } from "@/lib/openapi/operations/reports";

/** GET /api/reports/shipments: one page of the shipment report, filtered and sorted on the server. */
export const GET = endpoint(reportOperations.shipmentReport, async (request, { context }) => {
  return NextResponse.json(await shipmentReport(context, Object.fromEntries(request.nextUrl.searchParams)));
});
