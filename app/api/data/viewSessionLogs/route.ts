import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { listSessionLogs } from "@/lib/audit/session-logs";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "USUARIO", action: "VIEW" });
  return NextResponse.json(await listSessionLogs(context, Object.fromEntries(request.nextUrl.searchParams)));
});
