import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { verifySignatureProcess } from "@/lib/signing/verify-process";

/** GET /api/signprocess/verify/{processHexId}: status and documentStatus, for pages to check before each step. */
export const GET = apiRoute<{ id: string }>(async (request, { id }) => {
  return NextResponse.json(await verifySignatureProcess(id, urlSignFrom(request), requestMeta(request.headers).ip), {
    headers: { "cache-control": "no-store" },
  });
});
