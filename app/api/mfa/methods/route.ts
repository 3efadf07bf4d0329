import { NextResponse } from "next/server";
import { listMfaMethods } from "@/lib/auth/mfa-methods";
import { endpoint } from "@/lib/http/endpoint";
import { wholeList } from "@/lib/http/list-page";
import { accountOperations } from "@/lib/openapi/operations/account";

export const GET = endpoint(accountOperations.listMfaMethods, async (request, { context }) => {
  return NextResponse.json(wholeList("methods", await listMfaMethods(context)));
});
