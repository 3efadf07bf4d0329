import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { setDraftNotifications } from "@/lib/documents/set-draft-notifications";
import { endpoint } from "@/lib/http/endpoint";
import { shipmentOperations } from "@/lib/openapi/operations/shipments";

export const PUT = endpoint(
  shipmentOperations.setDraftNotifications,
  async (request, { context, params: { documentHexId }, json: body }) => {
    return NextResponse.json(await setDraftNotifications(context, documentHexId, body, requestMeta(request.headers).ip));
  },
);
