import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, idempotentRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { createValidationLink } from "@/lib/validations/create-validation-link";
import { listValidationLinks } from "@/lib/validations/list-validation-links";

export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "VIEW" });
  return NextResponse.json(await listValidationLinks(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "CREATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await createValidationLink(context, body, requestMeta(request.headers).ip), { status: 201 });
});
