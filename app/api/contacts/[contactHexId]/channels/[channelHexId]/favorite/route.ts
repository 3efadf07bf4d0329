import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { makeFavoriteChannel } from "@/lib/contacts/make-favorite-channel";

type Params = { contactHexId: string; channelHexId: string };

export const POST = apiRoute<Params>(async (request, { contactHexId, channelHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "CONTACTO", action: "UPDATE" });
  return NextResponse.json(await makeFavoriteChannel(context, contactHexId, channelHexId, requestMeta(request.headers).ip));
});
