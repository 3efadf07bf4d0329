import { timingSafeEqual } from "node:crypto";
import { sha256Hex } from "./random";

/** Whether a link secret (32 hex characters) is the one whose SHA-256 is stored, compared in constant time. */
export function linkSecretMatches(secret: string | null | undefined, storedHash: string | null): boolean {
  if (!secret || !storedHash || !/^[0-9a-f]{32}$/.test(secret) || !/^[0-9a-f]{64}$/.test(storedHash)) return false;
  return timingSafeEqual(Buffer.from(sha256Hex(secret), "hex"), Buffer.from(storedHash, "hex"));
}
