import { NextResponse } from "next/server";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { removeDraftFile } from "@/lib/documents/remove-draft-file";

type Params = { documentHexId: string; fileHexId: string };

export const DELETE = apiRoute<Params>(async (request, { documentHexId, fileHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  return NextResponse.json(await removeDraftFile(context, documentHexId, fileHexId, requestMeta(request.headers).ip));
});
