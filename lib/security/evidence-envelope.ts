import { constants, createDecipheriv, privateDecrypt, type KeyObject } from "node:crypto";
import { AppError } from "@/lib/errors/app-error";
import { serverKeyById } from "./server-key";

// Evidence sealed in the browser (components/capture/encrypt-evidence.ts) on top of TLS:
// - a random AES-256 key per upload and a random 96-bit IV; the file is encrypted with AES-256-GCM and
//   the 128-bit tag follows the ciphertext (as WebCrypto's encrypt returns it);
// - the AES key is wrapped with the server's RSA public key (GET /api/security/getPublicKey) with
//   RSA-OAEP, SHA-256 for both the hash and MGF1 ("RSA-OAEP-256");
// - the upload sends `keyId`, `encryptedKey` (base64), `iv` (base64) and the ciphertext as `file`.
// Anything that does not open (unknown or expired key id, wrong key, altered bytes) is refused with
// EVIDENCE_DECRYPT_FAILED, and nothing of it is stored.

export const envelopeFieldNames = ["keyId", "encryptedKey", "iv"] as const;
export const envelopeIvBytes = 12;
export const envelopeTagBytes = 16;

export type EvidenceEnvelope = { keyId: string; encryptedKey: string; iv: string };

const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function decodeBase64(value: string): Buffer {
  const normal = value.trim().replace(/-/g, "+").replace(/_/g, "/");
  const padded = normal.padEnd(normal.length + ((4 - (normal.length % 4)) % 4), "=");
  if (!base64.test(padded)) throw new AppError("EVIDENCE_DECRYPT_FAILED");
  return Buffer.from(padded, "base64");
}

const failed = () => new AppError("EVIDENCE_DECRYPT_FAILED");

/** Opens `sealed` with the AES key that `privateKey` unwraps from `encryptedKey`. */
export function openEnvelope(privateKey: KeyObject, envelope: Omit<EvidenceEnvelope, "keyId">, sealed: Uint8Array): Uint8Array {
  const wrapped = decodeBase64(envelope.encryptedKey);
  const iv = decodeBase64(envelope.iv);
  if (iv.length !== envelopeIvBytes || sealed.byteLength <= envelopeTagBytes) throw failed();
  let aesKey: Buffer;
  try {
    aesKey = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, wrapped);
  } catch {
    throw failed();
  }
  if (aesKey.length !== 32) throw failed();
  const body = sealed.subarray(0, sealed.byteLength - envelopeTagBytes);
  const tag = sealed.subarray(sealed.byteLength - envelopeTagBytes);
  try {
    const decipher = createDecipheriv("aes-256-gcm", aesKey, iv, { authTagLength: envelopeTagBytes });
    decipher.setAuthTag(tag);
    return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]));
  } catch {
    throw failed();
  } finally {
    aesKey.fill(0);
  }
}

/** The envelope fields of an upload form: null for a plain upload (none sent); some but not all is refused. */
export function envelopeOf(form: FormData): EvidenceEnvelope | null {
  const values = envelopeFieldNames.map((name) => form.get(name));
  if (values.every((value) => value === null)) return null;
  if (!values.every((value): value is string => typeof value === "string" && value.length > 0 && value.length < 4096)) throw failed();
  const [keyId, encryptedKey, iv] = values as [string, string, string];
  return { keyId: keyId.trim().toLowerCase(), encryptedKey, iv };
}

/** The uploaded file's bytes as captured: opened when the form carries an envelope, as they came otherwise. */
export async function openEvidence(form: FormData, bytes: Uint8Array): Promise<Uint8Array> {
  const envelope = envelopeOf(form);
  if (!envelope) return bytes;
  const key = await serverKeyById(envelope.keyId);
  if (!key) throw failed();
  return openEnvelope(key.privateKey, envelope, bytes);
}
