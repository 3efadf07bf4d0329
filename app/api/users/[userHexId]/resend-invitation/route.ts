import { NextResponse } from "next/server";
import { idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { resendInvitation } from "@/lib/users/resend-invitation";

export const POST = idempotentRoute<{ userHexId: string }>(async (request, { userHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "USUARIO", action: "CREATE" });
  const { ip } = requestMeta(request.headers);
  return NextResponse.json(await resendInvitation(context, userHexId, ip));
});
