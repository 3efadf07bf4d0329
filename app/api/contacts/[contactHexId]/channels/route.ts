import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { addChannel } from "@/lib/contacts/add-channel";
import { endpoint } from "@/lib/http/endpoint";
import { contactOperations } from "@/lib/openapi/operations/contacts";

/** Adds a channel; answers the contact with all its channels. */
export const POST = endpoint(contactOperations.addContactChannel, async (request, { context, params: { contactHexId }, json: body }) => {
  return NextResponse.json(await addChannel(context, contactHexId, body, requestMeta(request.headers).ip), { status: 201 });
});
