import { NextResponse } from "next/server";
import { checkPasswordResetCode } from "@/lib/auth/password-recovery";
import { endpoint } from "@/lib/http/endpoint";
import { publicAccountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(publicAccountOperations.checkPasswordResetCode, async (request, { json }) => {
  return NextResponse.json({ result: 1, ...(await checkPasswordResetCode(json)) });
});
