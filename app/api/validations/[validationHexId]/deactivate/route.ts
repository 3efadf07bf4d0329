import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { setValidationLinkActive } from "@/lib/validations/set-validation-link-active";
import { endpoint } from "@/lib/http/endpoint";
import { validationLinkOperations } from "@/lib/openapi/operations/validations";

export const POST = endpoint(
  validationLinkOperations.deactivateValidationLink,
  async (request, { context, params: { validationHexId } }) => {
    return NextResponse.json(await setValidationLinkActive(context, validationHexId, false, requestMeta(request.headers).ip));
  },
);
