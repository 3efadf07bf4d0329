import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { setOrganizationEnabled } from "@/lib/organizations/administer";

export const POST = apiRoute<{ orgHexId: string }>(async (request, { orgHexId }) => {
  const context = await requireAuth(request, { kind: "platformAdmin" });
  return NextResponse.json(await setOrganizationEnabled(context, orgHexId, false, requestMeta(request.headers).ip));
});
