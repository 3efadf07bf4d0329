import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { createValidationLink } from "@/lib/validations/create-validation-link";
import { listValidationLinks } from "@/lib/validations/list-validation-links";
import { endpoint } from "@/lib/http/endpoint";
import { validationLinkOperations } from "@/lib/openapi/operations/validations";

export const GET = endpoint(validationLinkOperations.listValidationLinks, async (request, { context }) => {
  return NextResponse.json(await listValidationLinks(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = endpoint(validationLinkOperations.createValidationLink, async (request, { context, json: body }) => {
  return NextResponse.json(await createValidationLink(context, body, requestMeta(request.headers).ip), { status: 201 });
});
