import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { setOrganizationEnabled } from "@/lib/organizations/administer";
import { endpoint } from "@/lib/http/endpoint";
import { organizationAdminOperations } from "@/lib/openapi/operations/organizations";

export const POST = endpoint(
  organizationAdminOperations.disableOrganization,
  async (request, { context, params: { organizationHexId } }) => {
    return NextResponse.json(await setOrganizationEnabled(context, organizationHexId, false, requestMeta(request.headers).ip));
  },
);
