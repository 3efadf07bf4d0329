import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { findValidationLink, toValidationLinkView } from "@/lib/validations/link-records";
import { updateValidationLink } from "@/lib/validations/update-validation-link";
import { endpoint } from "@/lib/http/endpoint";
import { validationLinkOperations } from "@/lib/openapi/operations/validations";

export const GET = endpoint(validationLinkOperations.getValidationLink, async (request, { context, params: { validationHexId } }) => {
  return NextResponse.json(toValidationLinkView(await findValidationLink(context, validationHexId)));
});

export const PUT = endpoint(
  validationLinkOperations.updateValidationLink,
  async (request, { context, params: { validationHexId }, json: body }) => {
    return NextResponse.json(await updateValidationLink(context, validationHexId, body, requestMeta(request.headers).ip));
  },
);
