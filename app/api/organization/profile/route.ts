import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { getOrganizationProfile, updateOrganizationProfile } from "@/lib/organizations/profile";
import { endpoint } from "@/lib/http/endpoint";
import { organizationProfileOperations } from "@/lib/openapi/operations/organization-profile";

/** The caller's organisation's profile (/info-organization): name, colours, time zone, language, contact data. */
export const GET = endpoint(organizationProfileOperations.getOrganizationProfile, async (request, { context }) => {
  return NextResponse.json(await getOrganizationProfile(context.organizationId));
});

export const PUT = endpoint(organizationProfileOperations.updateOrganizationProfile, async (request, { context, json: body }) => {
  return NextResponse.json(await updateOrganizationProfile(context, body, requestMeta(request.headers).ip));
});
