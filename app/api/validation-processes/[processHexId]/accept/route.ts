import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { acceptValidationProcess } from "@/lib/validation-review/decide-process";

/** POST /api/validation-processes/{processHexId}/accept: a process in review is COMPLETED; the decision is final. */
export const POST = apiRoute<{ processHexId: string }>(async (request, { processHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "UPDATE" });
  return NextResponse.json(await acceptValidationProcess(context, processHexId, requestMeta(request.headers).ip));
});
