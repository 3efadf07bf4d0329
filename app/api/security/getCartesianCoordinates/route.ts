import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { cartesianCoordinates } from "@/lib/security/cartesian-coordinates";
import { endpoint } from "@/lib/http/endpoint";
import { securityOperations } from "@/lib/openapi/operations/security";

/**
 * POST /api/security/getCartesianCoordinates (the spec writes it with a trailing slash; Next.js
 * answers that form with a 308 to this one, which keeps the method and body): `{ publicKey, curve? }`,
 * an EC public key → `{ result: 1, abscisa, ordenada, curve, encoding: "hex" }`; on failure
 * `{ result: 0, errorCode, description }`. Public.
 */
export const POST = endpoint(securityOperations.getCartesianCoordinates, async (request) => {
  const body: unknown = await request.json().catch(() => {
    throw new AppError("PUBLIC_KEY_INVALID");
  });
  return NextResponse.json(cartesianCoordinates(body));
});
