import { randomHex } from "@/lib/security/random";

/** Two-level fan-out of 256 bits of random hex: "ab/ab…". */
const keyPattern = /^[0-9a-f]{2}\/[0-9a-f]{64}$/;

export function newStorageKey(): string {
  const name = randomHex(32);
  return `${name.slice(0, 2)}/${name}`;
}

export function isStorageKey(key: string): boolean {
  return keyPattern.test(key);
}

/** Refuses anything but a key newStorageKey() could have made, so no input reaches a path or an object name. */
export function checkStorageKey(key: string): string {
  if (!isStorageKey(key)) throw new Error("invalid storage key");
  return key;
}
