import { NextResponse } from "next/server";
import { publicKeyAnswer } from "@/lib/security/server-key";
import { endpoint } from "@/lib/http/endpoint";
import { securityOperations } from "@/lib/openapi/operations/security";

/**
 * GET /api/security/getPublicKey (spec §7, §9): the server's RSA 2048-bit public key (e=65537) with its
 * key id, as PEM and base64 DER (SPKI), for sealing evidence with RSA-OAEP-256. Public.
 */
export const GET = endpoint(securityOperations.getPublicKey, async () =>
  NextResponse.json(await publicKeyAnswer(), { headers: { "cache-control": "public, max-age=300" } }),
);
