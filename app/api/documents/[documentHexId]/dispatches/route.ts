import { NextResponse } from "next/server";
import { apiRoute, requestLocale, requireAuth } from "@/lib/http/api";
import { listDispatches } from "@/lib/documents/list-dispatches";

/** The signer dispatch list: every invitation and reminder, newest first, destinations masked. */
export const GET = apiRoute<{ documentHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "VIEW" });
  return NextResponse.json(await listDispatches(context, params.documentHexId, requestLocale(request)));
});
