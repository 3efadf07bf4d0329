import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { removeGroupMember } from "@/lib/groups/remove-group-member";

type Params = { groupHexId: string; userHexId: string };

export const DELETE = apiRoute<Params>(async (request, { groupHexId, userHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "GRUPO", action: "UPDATE" });
  return NextResponse.json(await removeGroupMember(context, groupHexId, userHexId, requestMeta(request.headers).ip));
});
