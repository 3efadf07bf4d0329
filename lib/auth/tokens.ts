import { jwtVerify, SignJWT, errors as joseErrors } from "jose";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors/app-error";

/**
 * full: a signed-in staff member. mfa: password checked, second factor pending.
 * mfa-activation: password checked, the organisation requires a method the user has not activated.
 */
export type TokenStage = "full" | "mfa" | "mfa-activation";

export type TokenClaims = {
  sub: string; // user hexId
  sid: string; // AuthSession hexId
  org: string; // organisation hexId
  stage: TokenStage;
  authorities: string[];
  changePassword: boolean;
  exp: number; // seconds since epoch
};

const issuer = "rubrica";
const audience = "rubrica-api";

function secret(): Uint8Array {
  return new TextEncoder().encode(env().AUTH_SECRET);
}

export async function signToken(claims: Omit<TokenClaims, "exp">, expiresAt: Date): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(sub)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret());
}

export async function verifyToken(token: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, secret(), { issuer, audience, algorithms: ["HS256"] });
    const stage = payload.stage;
    if (
      typeof payload.sub !== "string" ||
      typeof payload.sid !== "string" ||
      typeof payload.org !== "string" ||
      (stage !== "full" && stage !== "mfa" && stage !== "mfa-activation") ||
      !Array.isArray(payload.authorities) ||
      typeof payload.exp !== "number"
    ) {
      throw new AppError("UNAUTHENTICATED");
    }
    return {
      sub: payload.sub,
      sid: payload.sid,
      org: payload.org,
      stage,
      authorities: payload.authorities.filter((a): a is string => typeof a === "string"),
      changePassword: payload.changePassword === true,
      exp: payload.exp,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new AppError("SESSION_EXPIRED");
    throw new AppError("UNAUTHENTICATED");
  }
}

/** Spec §4: a token is near expiry when less than 18,000,000 ms (5 hours) remain. */
export const nearExpiryMs = 18_000_000;

export function isNearExpiry(expSeconds: number, now = Date.now()): boolean {
  return expSeconds * 1000 - now < nearExpiryMs;
}
