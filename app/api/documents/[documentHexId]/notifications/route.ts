import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { setDraftNotifications } from "@/lib/documents/set-draft-notifications";

type Params = { documentHexId: string };

export const PUT = apiRoute<Params>(async (request, { documentHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await setDraftNotifications(context, documentHexId, body, requestMeta(request.headers).ip));
});
