import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { deleteRole } from "@/lib/roles/delete-role";
import { getRole } from "@/lib/roles/get-role";
import { updateRole } from "@/lib/roles/update-role";

type Params = { roleHexId: string };

export const GET = apiRoute<Params>(async (request, { roleHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ROL", action: "VIEW" });
  return NextResponse.json(await getRole(context, roleHexId));
});

export const PUT = apiRoute<Params>(async (request, { roleHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ROL", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await updateRole(context, roleHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = apiRoute<Params>(async (request, { roleHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ROL", action: "DELETE" });
  await deleteRole(context, roleHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
