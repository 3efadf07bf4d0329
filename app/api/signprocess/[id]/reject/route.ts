import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { rejectProcess } from "@/lib/signing/reject-process";

/** POST /api/signprocess/{processHexId}/reject {reason}: the signer declines to sign. */
export const POST = apiRoute<{ id: string }>(async (request, { id }) => {
  const body: unknown = await request.json().catch(() => ({}));
  return NextResponse.json(await rejectProcess(id, urlSignFrom(request), body, requestMeta(request.headers)));
});
