import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { resendInvitation } from "@/lib/users/resend-invitation";
import { endpoint } from "@/lib/http/endpoint";
import { userOperations } from "@/lib/openapi/operations/users";

export const POST = endpoint(userOperations.resendUserInvitation, async (request, { context, params: { userHexId } }) => {
  const { ip } = requestMeta(request.headers);
  return NextResponse.json(await resendInvitation(context, userHexId, ip));
});
