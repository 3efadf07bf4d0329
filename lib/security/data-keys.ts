import { createHash } from "node:crypto";
import { env } from "@/lib/config/env";

// The data key (DATA_ENCRYPTION_KEY) and the ones it replaced (DATA_ENCRYPTION_PREVIOUS_KEYS, only while
// scripts/rotate-data-key.ts re-wraps what they protect). Each is named by an id derived from it, so a sealed
// object says which key opens it without the key ever being written anywhere.

export type DataKey = { id: string; key: Buffer };
export type DataKeyring = { current: DataKey; byId: Map<string, DataKey> };

const hexKey = /^[0-9a-f]{64}$/;

/** SHA-256 of a domain label and the key, hex: safe to print and to write in a backup manifest. */
export function dataKeyFingerprint(keyHex: string): string {
  return createHash("sha256").update("rubrica data key fingerprint\0").update(Buffer.from(keyHex, "hex")).digest("hex");
}

export function dataKey(keyHex: string): DataKey {
  if (!hexKey.test(keyHex)) throw new Error("a data key is 64 hex characters");
  return { id: dataKeyFingerprint(keyHex).slice(0, 16), key: Buffer.from(keyHex, "hex") };
}

export function dataKeyring(currentHex: string, previousHex: string[] = []): DataKeyring {
  const current = dataKey(currentHex);
  const byId = new Map<string, DataKey>();
  for (const key of [...previousHex.map(dataKey), current]) byId.set(key.id, key);
  return { current, byId };
}

/** Comma-separated 64-hex keys (spaces allowed), as DATA_ENCRYPTION_PREVIOUS_KEYS holds them. */
export function parseKeyList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);
}

let cached: { source: string; keyring: DataKeyring } | undefined;

/** The configured keys, read when first used (the image builds with no settings). */
export function configuredKeyring(): DataKeyring {
  const { DATA_ENCRYPTION_KEY, DATA_ENCRYPTION_PREVIOUS_KEYS } = env();
  const source = `${DATA_ENCRYPTION_KEY}|${DATA_ENCRYPTION_PREVIOUS_KEYS ?? ""}`;
  if (cached?.source !== source)
    cached = { source, keyring: dataKeyring(DATA_ENCRYPTION_KEY, parseKeyList(DATA_ENCRYPTION_PREVIOUS_KEYS)) };
  return cached.keyring;
}
