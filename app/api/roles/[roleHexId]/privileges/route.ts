import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { setRolePrivileges } from "@/lib/roles/set-role-privileges";

type Params = { roleHexId: string };

export const PUT = apiRoute<Params>(async (request, { roleHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ROL", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await setRolePrivileges(context, roleHexId, body, requestMeta(request.headers).ip));
});
