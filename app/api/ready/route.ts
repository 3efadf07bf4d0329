import { NextResponse } from "next/server";
import { readiness } from "@/lib/health/readiness";
import { endpoint } from "@/lib/http/endpoint";
import { healthOperations } from "@/lib/openapi/operations/health";

// Readiness: each part's state and latency; 503 while a required part (database, Redis, storage) is down.
export const dynamic = "force-dynamic";

export const GET = endpoint(healthOperations.ready, async () => {
  const result = await readiness();
  return NextResponse.json(result, { status: result.status === "unavailable" ? 503 : 200, headers: { "cache-control": "no-store" } });
});
