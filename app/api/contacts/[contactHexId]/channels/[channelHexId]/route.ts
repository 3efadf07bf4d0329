import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { deleteChannel } from "@/lib/contacts/delete-channel";
import { updateChannel } from "@/lib/contacts/update-channel";

type Params = { contactHexId: string; channelHexId: string };

export const PUT = apiRoute<Params>(async (request, { contactHexId, channelHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "CONTACTO", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await updateChannel(context, contactHexId, channelHexId, body, requestMeta(request.headers).ip));
});

export const DELETE = apiRoute<Params>(async (request, { contactHexId, channelHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "CONTACTO", action: "UPDATE" });
  return NextResponse.json(await deleteChannel(context, contactHexId, channelHexId, requestMeta(request.headers).ip));
});
