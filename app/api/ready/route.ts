import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { readiness } from "@/lib/health/readiness";

// Readiness: each part's state and latency; 503 while a required part (database, Redis, storage) is down.
export const dynamic = "force-dynamic";

export const GET = apiRoute(async () => {
  const result = await readiness();
  return NextResponse.json(result, { status: result.status === "unavailable" ? 503 : 200, headers: { "cache-control": "no-store" } });
});
