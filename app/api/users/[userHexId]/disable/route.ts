import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { setUserEnabled } from "@/lib/users/set-user-enabled";

export const POST = apiRoute<{ userHexId: string }>(async (request, { userHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "USUARIO", action: "UPDATE" });
  const { ip } = requestMeta(request.headers);
  return NextResponse.json(await setUserEnabled(context, userHexId, false, ip));
});
