import { NextResponse } from "next/server";
import { listMfaMethods } from "@/lib/auth/mfa-methods";
import { endpoint } from "@/lib/http/endpoint";
import { accountOperations } from "@/lib/openapi/operations/account";

export const GET = endpoint(accountOperations.listMfaMethods, async (request, { context }) => {
  return NextResponse.json({ methods: await listMfaMethods(context) });
});
