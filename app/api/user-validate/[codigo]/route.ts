import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { validateEmail } from "@/lib/auth/validate-email";

export const POST = apiRoute<{ codigo: string }>(async (_request, params) =>
  NextResponse.json({ result: 1, ...(await validateEmail(params.codigo)) }),
);
