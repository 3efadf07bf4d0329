import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { makeFavoriteChannel } from "@/lib/contacts/make-favorite-channel";
import { endpoint } from "@/lib/http/endpoint";
import { contactOperations } from "@/lib/openapi/operations/contacts";

export const POST = endpoint(
  contactOperations.makeFavoriteContactChannel,
  async (request, { context, params: { contactHexId, channelHexId } }) => {
    return NextResponse.json(await makeFavoriteChannel(context, contactHexId, channelHexId, requestMeta(request.headers).ip));
  },
);
