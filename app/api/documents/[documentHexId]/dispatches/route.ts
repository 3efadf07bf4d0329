import { NextResponse } from "next/server";
import { requestLocale } from "@/lib/http/api";
import { listDispatches } from "@/lib/documents/list-dispatches";
import { endpoint } from "@/lib/http/endpoint";
import { sendingOperations } from "@/lib/openapi/operations/sending";

/** The signer dispatch list: every invitation and reminder, newest first, destinations masked. */
export const GET = endpoint(sendingOperations.listDispatches, async (request, { context, params }) => {
  return NextResponse.json(await listDispatches(context, params.documentHexId, requestLocale(request)));
});
