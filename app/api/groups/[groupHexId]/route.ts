import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { deleteGroup } from "@/lib/groups/delete-group";
import { updateGroup } from "@/lib/groups/update-group";

type Params = { groupHexId: string };

export const PUT = apiRoute<Params>(async (request, { groupHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "GRUPO", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await updateGroup(context, groupHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = apiRoute<Params>(async (request, { groupHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "GRUPO", action: "DELETE" });
  await deleteGroup(context, groupHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
