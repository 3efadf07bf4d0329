import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";

// Liveness: the process answers. Nothing else is asked (no database, no Redis): a restart would not fix them.
export const dynamic = "force-dynamic";

export const GET = apiRoute(async () => NextResponse.json({ status: "ok" }, { headers: { "cache-control": "no-store" } }));
