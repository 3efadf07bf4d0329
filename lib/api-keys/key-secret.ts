import { randomBytes } from "node:crypto";
import { sha256Hex } from "@/lib/security/random";

/** Every key starts with this, so a key is told from a JWT (and found by secret scanners) at a glance. */
export const apiKeyMarker = "rbk_";

// 32 random bytes in base64url: 43 characters after the marker.
const keyShape = /^rbk_[A-Za-z0-9_-]{43}$/;
/** The marker and 8 characters: enough to recognise a key in a list, far too little to guess it. */
const visibleLength = apiKeyMarker.length + 8;

export type ApiKeySecret = { secret: string; keyHash: string; keyPrefix: string };

/** A new key: the secret goes to the caller once; only its hash and visible prefix are stored. */
export function newApiKeySecret(): ApiKeySecret {
  const secret = `${apiKeyMarker}${randomBytes(32).toString("base64url")}`;
  return { secret, keyHash: apiKeyHash(secret), keyPrefix: secret.slice(0, visibleLength) };
}

export function isApiKeyShaped(value: string): boolean {
  return keyShape.test(value);
}

export function apiKeyHash(secret: string): string {
  return sha256Hex(secret);
}
