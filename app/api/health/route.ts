import { NextResponse } from "next/server";
import { endpoint } from "@/lib/http/endpoint";
import { healthOperations } from "@/lib/openapi/operations/health";

// Liveness: the process answers. Nothing else is asked (no database, no Redis): a restart would not fix them.
export const dynamic = "force-dynamic";

export const GET = endpoint(healthOperations.health, async () =>
  NextResponse.json({ status: "ok" }, { headers: { "cache-control": "no-store" } }),
);
