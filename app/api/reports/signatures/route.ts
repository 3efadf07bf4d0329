import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { signatureReport } from "@/lib/reports/signature-report";

/** GET /api/reports/signatures: one page of the signature report, filtered and sorted on the server. */
export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "EXPORT" });
  return NextResponse.json(await signatureReport(context, Object.fromEntries(request.nextUrl.searchParams)));
});
