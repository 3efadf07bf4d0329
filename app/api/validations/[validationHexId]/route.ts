import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { findValidationLink, toValidationLinkView } from "@/lib/validations/link-records";
import { updateValidationLink } from "@/lib/validations/update-validation-link";

type Params = { validationHexId: string };

export const GET = apiRoute<Params>(async (request, { validationHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "VIEW" });
  return NextResponse.json(toValidationLinkView(await findValidationLink(context, validationHexId)));
});

export const PUT = apiRoute<Params>(async (request, { validationHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await updateValidationLink(context, validationHexId, body, requestMeta(request.headers).ip));
});
