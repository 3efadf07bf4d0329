import { NextResponse } from "next/server";
import { z } from "zod";
import { idempotentRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { addChannel } from "@/lib/contacts/add-channel";

type Params = { contactHexId: string };

/** Adds a channel; answers the contact with all its channels. */
export const POST = idempotentRoute<Params>(async (request, { contactHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "CONTACTO", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await addChannel(context, contactHexId, body, requestMeta(request.headers).ip), { status: 201 });
});
