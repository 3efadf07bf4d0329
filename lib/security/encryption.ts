import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { configuredKeyring, type DataKey, type DataKeyring } from "./data-keys";

// AES-256-GCM for secrets kept at rest (TOTP seeds, signing keys, webhook secrets). Format: v1.<iv>.<tag>.<ciphertext>,
// base64url, under DATA_ENCRYPTION_KEY. The format names no key: after a rotation (scripts/rotate-data-key.ts) a
// secret still under a previous key (DATA_ENCRYPTION_PREVIOUS_KEYS) is opened by trying each; the GCM tag tells which.

function sealWith(plain: string, key: DataKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The plaintext and the key that opened it; null when no key of the keyring does. */
function openWith(sealed: string, keyring: DataKeyring): { plain: string; key: DataKey } | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !body) throw new Error("Unknown secret format");
  for (const key of [keyring.current, ...[...keyring.byId.values()].filter((other) => other !== keyring.current)]) {
    const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    try {
      return { plain: Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8"), key };
    } catch {
      // Not this key (or tampered with): try the next.
    }
  }
  return null;
}

export function encryptSecret(plain: string): string {
  return sealWith(plain, configuredKeyring().current);
}

export function decryptSecret(sealed: string): string {
  const opened = openWith(sealed, configuredKeyring());
  if (!opened) throw new Error("No configured data key opens this secret");
  return opened.plain;
}

/** The secret sealed under the keyring's current key; the same string when it already is; null when no key opens it. */
export function reencryptSecret(sealed: string, keyring: DataKeyring): string | null {
  const opened = openWith(sealed, keyring);
  if (!opened) return null;
  return opened.key === keyring.current ? sealed : sealWith(opened.plain, keyring.current);
}
