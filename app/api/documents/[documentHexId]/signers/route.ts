import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { setDraftSigners } from "@/lib/documents/set-draft-signers";

type Params = { documentHexId: string };

export const PUT = apiRoute<Params>(async (request, { documentHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await setDraftSigners(context, documentHexId, body, requestMeta(request.headers).ip));
});
