import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { unlockUser } from "@/lib/auth/unlock-user";

export const POST = apiRoute<{ codigo: string }>(async (_request, params) =>
  NextResponse.json({ result: 1, ...(await unlockUser(params.codigo)) }),
);
