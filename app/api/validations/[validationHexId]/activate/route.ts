import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { setValidationLinkActive } from "@/lib/validations/set-validation-link-active";

export const POST = apiRoute<{ validationHexId: string }>(async (request, { validationHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "UPDATE" });
  return NextResponse.json(await setValidationLinkActive(context, validationHexId, true, requestMeta(request.headers).ip));
});
