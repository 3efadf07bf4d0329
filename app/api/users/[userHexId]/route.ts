import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { updateUser } from "@/lib/users/update-user";

type Params = { userHexId: string };

export const PUT = apiRoute<Params>(async (request, { userHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "USUARIO", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await updateUser(context, userHexId, body, requestMeta(request.headers).ip));
});
