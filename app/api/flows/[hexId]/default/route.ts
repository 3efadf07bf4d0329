import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { makeDefaultFlow } from "@/lib/flows/make-default-flow";

export const POST = apiRoute<{ hexId: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" });
  return NextResponse.json(await makeDefaultFlow(context, params.hexId, requestMeta(request.headers).ip));
});
