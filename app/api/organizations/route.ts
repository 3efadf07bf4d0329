import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { addOrganization, listOrganizations } from "@/lib/organizations/administer";
import { endpoint } from "@/lib/http/endpoint";
import { organizationAdminOperations } from "@/lib/openapi/operations/organizations";

export const GET = endpoint(organizationAdminOperations.listOrganizations, async (request, { context }) => {
  return NextResponse.json(await listOrganizations(context, Object.fromEntries(request.nextUrl.searchParams)));
});

export const POST = endpoint(organizationAdminOperations.createOrganization, async (request, { context, json: body }) => {
  return NextResponse.json(await addOrganization(context, body, requestMeta(request.headers).ip), { status: 201 });
});
