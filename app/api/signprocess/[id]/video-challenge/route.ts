import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { issueVideoChallenge } from "@/lib/signing/signer-video";

/**
 * POST /api/signprocess/{processHexId}/video-challenge: the digits the signer reads aloud in the
 * video step and the head turns to make while recording, answered as {challengeId, digits, prompts,
 * expiresAt, seconds} (lib/evidence/video-challenge.ts); the link secret in X-Url-Sign.
 * The recording then goes to /evidence with kind VIDEO and detail {"challengeId": …}.
 */
export const POST = apiRoute<{ id: string }>(async (request, { id }) => {
  return NextResponse.json(await issueVideoChallenge(id, urlSignFrom(request), requestMeta(request.headers)));
});
