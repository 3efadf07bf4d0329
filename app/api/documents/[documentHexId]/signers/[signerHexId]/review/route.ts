import { NextResponse } from "next/server";
import { apiRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { decideReview, getReview, reviewDecisionInput } from "@/lib/signing/review-evidence";

type Params = { documentHexId: string; signerHexId: string };

export const GET = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "VIEW" });
  return NextResponse.json(await getReview(context, params.documentHexId, params.signerHexId));
});

export const POST = apiRoute<Params>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "FIRMA", action: "UPDATE" });
  const body = await parseJson(request, reviewDecisionInput);
  return NextResponse.json(await decideReview(context, params.documentHexId, params.signerHexId, body, requestMeta(request.headers).ip));
});
