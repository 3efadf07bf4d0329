import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { issueVideoChallenge } from "@/lib/signing/signer-video";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/**
 * POST /api/signprocess/{processHexId}/video-challenge: the digits the signer reads aloud in the
 * video step and the head turns to make while recording, answered as {challengeId, digits, prompts,
 * expiresAt, seconds} (lib/evidence/video-challenge.ts); the link secret in X-Url-Sign.
 * The recording then goes to /evidence with kind VIDEO and detail {"challengeId": …}.
 */
export const POST = endpoint(signerOperations.issueSigningVideoChallenge, async (request, { params: { id } }) => {
  return NextResponse.json(await issueVideoChallenge(id, urlSignFrom(request), requestMeta(request.headers)));
});
