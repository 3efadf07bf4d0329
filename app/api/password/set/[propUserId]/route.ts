import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { setInitialPassword } from "@/lib/auth/change-password";
import { endpoint } from "@/lib/http/endpoint";
import { publicAccountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(publicAccountOperations.setInitialPassword, async (request, { params, json }) => {
  const result = await setInitialPassword(params.propUserId, json, requestMeta(request.headers));
  return NextResponse.json({ result: 1, ...result });
});
