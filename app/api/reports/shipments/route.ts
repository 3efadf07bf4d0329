import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { shipmentReport } from "@/lib/reports/shipment-report";

/** GET /api/reports/shipments: one page of the shipment report, filtered and sorted on the server. */
export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "EXPORT" });
  return NextResponse.json(await shipmentReport(context, Object.fromEntries(request.nextUrl.searchParams)));
});
