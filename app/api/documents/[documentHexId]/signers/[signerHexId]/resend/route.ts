import { NextResponse } from "next/server";
import { idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { resendInvitation } from "@/lib/documents/resend-invitation";

export const POST = idempotentRoute<{ documentHexId: string; signerHexId: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  return NextResponse.json(await resendInvitation(context, params.documentHexId, params.signerHexId, requestMeta(request.headers).ip));
});
