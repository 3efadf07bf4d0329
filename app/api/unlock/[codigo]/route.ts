import { NextResponse } from "next/server";
import { unlockUser } from "@/lib/auth/unlock-user";
import { endpoint } from "@/lib/http/endpoint";
import { publicAccountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(publicAccountOperations.unlockUser, async (_request, { params }) =>
  NextResponse.json({ result: 1, ...(await unlockUser(params.codigo)) }),
);
