import { NextResponse } from "next/server";
import { requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { signup } from "@/lib/auth/signup";
import { endpoint } from "@/lib/http/endpoint";
import { publicAccountOperations } from "@/lib/openapi/operations/account";

export const POST = endpoint(publicAccountOperations.signup, async (request, { json: body }) => {
  const created = await signup(body, requestMeta(request.headers), requestLocale(request));
  return NextResponse.json({ result: 1, ...created }, { status: 201 });
});
