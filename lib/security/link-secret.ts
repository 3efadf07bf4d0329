import { timingSafeEqual } from "node:crypto";
import { sha256Hex } from "./random";

/**
 * Whether a link's secret (32 hex characters, sent in X-Url-Sign) is the one whose SHA-256 is
 * stored for the process, compared in constant time: a signer's link and a validation process's.
 */
export function linkSecretMatches(urlSign: string | null | undefined, storedHash: string | null): boolean {
  if (!urlSign || !storedHash || !/^[0-9a-f]{32}$/.test(urlSign)) return false;
  return timingSafeEqual(Buffer.from(sha256Hex(urlSign), "hex"), Buffer.from(storedHash, "hex"));
}
