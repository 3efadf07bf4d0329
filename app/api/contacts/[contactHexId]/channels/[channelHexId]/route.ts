import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { deleteChannel } from "@/lib/contacts/delete-channel";
import { updateChannel } from "@/lib/contacts/update-channel";
import { endpoint } from "@/lib/http/endpoint";
import { contactOperations } from "@/lib/openapi/operations/contacts";

export const PUT = endpoint(
  contactOperations.updateContactChannel,
  async (request, { context, params: { contactHexId, channelHexId }, json: body }) => {
    return NextResponse.json(await updateChannel(context, contactHexId, channelHexId, body, requestMeta(request.headers).ip));
  },
);

export const DELETE = endpoint(
  contactOperations.deleteContactChannel,
  async (request, { context, params: { contactHexId, channelHexId } }) => {
    return NextResponse.json(await deleteChannel(context, contactHexId, channelHexId, requestMeta(request.headers).ip));
  },
);
