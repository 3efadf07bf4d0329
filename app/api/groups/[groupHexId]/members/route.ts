import { NextResponse } from "next/server";
import { z } from "zod";
import { idempotentRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { addGroupMember } from "@/lib/groups/add-group-member";

type Params = { groupHexId: string };

export const POST = idempotentRoute<Params>(async (request, { groupHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "GRUPO", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await addGroupMember(context, groupHexId, body, requestMeta(request.headers).ip), { status: 201 });
});
