import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { deleteDraft } from "@/lib/documents/delete-draft";
import { getDraft } from "@/lib/documents/get-draft";
import { updateDraft } from "@/lib/documents/update-draft";

type Params = { documentHexId: string };

export const GET = apiRoute<Params>(async (request, { documentHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "VIEW" });
  return NextResponse.json(await getDraft(context, documentHexId));
});

export const PUT = apiRoute<Params>(async (request, { documentHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await updateDraft(context, documentHexId, body, requestMeta(request.headers).ip));
});

// Deleting a draft is part of preparing it, so it needs the same privilege as creating one.
export const DELETE = apiRoute<Params>(async (request, { documentHexId }) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  await deleteDraft(context, documentHexId, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
