import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { rejectValidationProcess } from "@/lib/validation-review/decide-process";

/** POST /api/validation-processes/{processHexId}/reject {reason}: a process in review is REJECTED, irreversibly. */
export const POST = apiRoute<{ processHexId: string }>(async (request, { processHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await rejectValidationProcess(context, processHexId, body, requestMeta(request.headers).ip));
});
