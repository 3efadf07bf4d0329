import { createHash, randomBytes, randomInt } from "node:crypto";

/** 128 random bits as 32 hex characters: the shape of every public identifier and link secret. */
export function randomHex(bytes = 16): string {
  return randomBytes(bytes).toString("hex");
}

/** A numeric one-time code drawn uniformly. */
export function randomDigits(length = 6): string {
  let out = "";
  for (let i = 0; i < length; i++) out += randomInt(0, 10).toString();
  return out;
}

const alphanumeric = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Spec §9 random string: 24 alphanumeric characters. */
export function randomAlphanumeric(length = 24): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphanumeric[randomInt(0, alphanumeric.length)];
  return out;
}

/** Secrets are stored only as their SHA-256. */
export function sha256Hex(value: string | Buffer): string {
  return createHash("sha256").update(value).digest("hex");
}
