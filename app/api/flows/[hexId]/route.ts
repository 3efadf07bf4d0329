import { NextResponse } from "next/server";
import { apiRoute, callerContext, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { assertCatalogReader } from "@/lib/permissions/catalog-readers";
import { getFlow } from "@/lib/flows/get-flow";
import { updateFlow } from "@/lib/flows/update-flow";
import { deleteFlow } from "@/lib/flows/delete-flow";

type Params = { hexId: string };

export const GET = apiRoute<Params>(async (request, params) => {
  const context = await callerContext(request);
  assertCatalogReader(context);
  return NextResponse.json(await getFlow(context, params.hexId));
});

/** Title, settings and the ordered steps; refused once the flow is in use. */
export const PUT = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" });
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await updateFlow(context, params.hexId, body, requestMeta(request.headers).ip));
});

export const DELETE = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "DELETE" });
  await deleteFlow(context, params.hexId, requestMeta(request.headers).ip);
  return NextResponse.json({ result: 1 });
});
