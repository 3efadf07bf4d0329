import { NextResponse } from "next/server";
import { methodParam, setFavoriteMfaMethod } from "@/lib/auth/mfa-methods";
import { endpoint } from "@/lib/http/endpoint";
import { accountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(accountOperations.setFavoriteMfaMethod, async (request, { context, params }) => {
  await setFavoriteMfaMethod(context, methodParam.parse(params.type));
  return NextResponse.json({ result: 1 });
});
