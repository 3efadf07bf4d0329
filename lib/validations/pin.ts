import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/config/env";

/** Spec §5 and §9: a validation link's PIN is 4 digits. */
export const pinPattern = /^\d{4}$/;

/**
 * The stored form of a link's PIN: HMAC-SHA256 under DATA_ENCRYPTION_KEY, bound to the link's hexId.
 *
 * Why a keyed hash and not argon2: there are only 10,000 four-digit PINs, so any unkeyed hash, however slow,
 * gives the PIN back to whoever reads the row in a few seconds of guessing. A key kept outside the database
 * (the environment's DATA_ENCRYPTION_KEY) means a database copy alone reveals no PIN; binding to the link keeps
 * two links with the same PIN from sharing a hash. Guessing through the login call is what remains, and that
 * is what the limits of lib/validations/pin-attempts.ts stop.
 */
export function pinHash(linkHexId: string, pin: string): string {
  return createHmac("sha256", Buffer.from(env().DATA_ENCRYPTION_KEY, "hex")).update(`validation-pin:v1:${linkHexId}:${pin}`).digest("hex");
}

export function pinMatches(linkHexId: string, pin: string, storedHash: string): boolean {
  if (!pinPattern.test(pin) || !/^[0-9a-f]{64}$/.test(storedHash)) return false;
  return timingSafeEqual(Buffer.from(pinHash(linkHexId, pin), "hex"), Buffer.from(storedHash, "hex"));
}
