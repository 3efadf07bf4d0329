import { NextResponse } from "next/server";
import { idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { cloneFlow } from "@/lib/flows/clone-flow";

/** Body `{ name? }`; without a name the copy is called "<name> (copia)". */
export const POST = idempotentRoute<{ hexId: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "CREATE" });
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await cloneFlow(context, params.hexId, body, requestMeta(request.headers).ip), { status: 201 });
});
