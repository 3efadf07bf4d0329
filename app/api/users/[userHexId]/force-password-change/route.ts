import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { forcePasswordChange } from "@/lib/users/force-password-change";

export const POST = apiRoute<{ userHexId: string }>(async (request, { userHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "USUARIO", action: "UPDATE" });
  const { ip } = requestMeta(request.headers);
  return NextResponse.json(await forcePasswordChange(context, userHexId, ip));
});
