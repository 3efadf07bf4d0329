import { NextResponse } from "next/server";
import { requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { addSigneeGeolocation } from "@/lib/evidence/add-geolocation";
import { urlSignFrom } from "@/lib/signing/http";
import { signerForLocation } from "@/lib/signing/signer-identity";
import { validationForLocation } from "@/lib/validation-process/validation-access";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/** POST /api/signprocess/addSigneeGeolocation {process: ENVIO | VALIDACION, processHexId, geolocation}, the link secret in X-Url-Sign. */
export const POST = endpoint(signerOperations.addSigneeGeolocation, async (request, { json: body }) => {
  // One location pipeline for both kinds of identity process; each finds its own process behind the link.
  const owners = { ENVIO: signerForLocation, VALIDACION: validationForLocation };
  return NextResponse.json(
    await addSigneeGeolocation(body, urlSignFrom(request), requestMeta(request.headers), requestLocale(request), owners),
  );
});
