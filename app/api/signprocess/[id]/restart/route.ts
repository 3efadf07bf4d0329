import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { restartProcess } from "@/lib/signing/attempts";
import { urlSignFrom } from "@/lib/signing/http";

/** POST /api/signprocess/{processHexId}/restart: after finishedAttempts, the process starts again from its first step. */
export const POST = apiRoute<{ id: string }>(async (request, { id }) => {
  return NextResponse.json(await restartProcess(id, urlSignFrom(request), requestMeta(request.headers)));
});
