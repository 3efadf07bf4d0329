import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { getOrganization, updateOrganization } from "@/lib/organizations/administer";

type Params = { orgHexId: string };

export const GET = apiRoute<Params>(async (request, { orgHexId }) => {
  const context = await requireAuth(request, { kind: "platformAdmin" });
  return NextResponse.json(await getOrganization(context, orgHexId));
});

export const PUT = apiRoute<Params>(async (request, { orgHexId }) => {
  const context = await requireAuth(request, { kind: "platformAdmin" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await updateOrganization(context, orgHexId, body, requestMeta(request.headers).ip));
});
