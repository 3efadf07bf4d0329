import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { getOrganization, updateOrganization } from "@/lib/organizations/administer";
import { endpoint } from "@/lib/http/endpoint";
import { organizationAdminOperations } from "@/lib/openapi/operations/organizations";

export const GET = endpoint(organizationAdminOperations.getOrganization, async (request, { context, params: { organizationHexId } }) => {
  return NextResponse.json(await getOrganization(context, organizationHexId));
});

export const PUT = endpoint(
  organizationAdminOperations.updateOrganization,
  async (request, { context, params: { organizationHexId }, json: body }) => {
    return NextResponse.json(await updateOrganization(context, organizationHexId, body, requestMeta(request.headers).ip));
  },
);
