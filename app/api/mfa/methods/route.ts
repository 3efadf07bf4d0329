import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { listMfaMethods } from "@/lib/auth/mfa-methods";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "staff" }, ["full", "mfa-activation"]);
  return NextResponse.json({ methods: await listMfaMethods(context) });
});
