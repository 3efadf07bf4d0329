import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { resendInvitation } from "@/lib/documents/resend-invitation";
import { endpoint } from "@/lib/http/endpoint";
import { sendingOperations } from "@/lib/openapi/operations/sending";

export const POST = endpoint(sendingOperations.resendInvitation, async (request, { context, params }) => {
  return NextResponse.json(await resendInvitation(context, params.documentHexId, params.signerHexId, requestMeta(request.headers).ip));
});
