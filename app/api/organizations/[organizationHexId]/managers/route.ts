import { NextResponse } from "next/server";
import { requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { inviteManager, listManagers } from "@/lib/organizations/administer";
import { endpoint } from "@/lib/http/endpoint";
import { organizationAdminOperations } from "@/lib/openapi/operations/organizations";

export const GET = endpoint(
  organizationAdminOperations.listOrganizationManagers,
  async (request, { context, params: { organizationHexId } }) => {
    return NextResponse.json(await listManagers(context, organizationHexId));
  },
);

export const POST = endpoint(
  organizationAdminOperations.inviteOrganizationManager,
  async (request, { context, params: { organizationHexId }, json: body }) => {
    const created = await inviteManager(context, organizationHexId, body, requestMeta(request.headers).ip, requestLocale(request));
    return NextResponse.json(created, { status: 201 });
  },
);
