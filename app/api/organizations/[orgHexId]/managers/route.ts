import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, idempotentRoute, parseJson, requestLocale, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { inviteManager, listManagers } from "@/lib/organizations/administer";

type Params = { orgHexId: string };

export const GET = apiRoute<Params>(async (request, { orgHexId }) => {
  const context = await requireAuth(request, { kind: "platformAdmin" });
  return NextResponse.json(await listManagers(context, orgHexId));
});

export const POST = idempotentRoute<Params>(async (request, { orgHexId }) => {
  const context = await requireAuth(request, { kind: "platformAdmin" });
  const body = await parseJson(request, z.unknown());
  const created = await inviteManager(context, orgHexId, body, requestMeta(request.headers).ip, requestLocale(request));
  return NextResponse.json(created, { status: 201 });
});
