import { Secret, TOTP } from "otpauth";
import { redis } from "@/lib/queue/redis";

const period = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({ issuer: "Rúbrica", label, algorithm: "SHA1", digits: 6, period, secret: Secret.fromBase32(secretBase32) });
}

export function totpUri(secretBase32: string, label: string): string {
  return totpFor(secretBase32, label).toString();
}

/**
 * Accepts the current code or its neighbours (clock drift), each at most once: a code seen
 * over a shoulder cannot be replayed within its window.
 */
export async function checkTotp(secretBase32: string, code: string, userId: number): Promise<boolean> {
  const delta = totpFor(secretBase32, String(userId)).validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / period) + delta;
  const fresh = await redis().set(`totp-used:${userId}:${step}`, "1", "EX", period * 3, "NX");
  return fresh === "OK";
}

/** For tests and the demo: the code an authenticator app shows now. */
export function currentTotp(secretBase32: string): string {
  return totpFor(secretBase32, "x").generate();
}
