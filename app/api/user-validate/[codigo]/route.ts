import { NextResponse } from "next/server";
import { validateEmail } from "@/lib/auth/validate-email";
import { endpoint } from "@/lib/http/endpoint";
import { publicAccountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(publicAccountOperations.validateEmail, async (_request, { params }) =>
  NextResponse.json({ result: 1, ...(await validateEmail(params.codigo)) }),
);
