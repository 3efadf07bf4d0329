import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { getOrganizationProfile, updateOrganizationProfile } from "@/lib/organizations/profile";

/** The caller's organisation's profile (/info-organization): name, colours, time zone, language, contact data. */
export const GET = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "VIEW" });
  return NextResponse.json(await getOrganizationProfile(context.organizationId));
});

export const PUT = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await updateOrganizationProfile(context, body, requestMeta(request.headers).ip));
});
