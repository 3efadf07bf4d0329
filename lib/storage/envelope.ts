import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { DataKey, DataKeyring } from "@/lib/security/data-keys";

// Envelope encryption of stored objects: each object has its own random 256-bit data-encryption key (DEK) that
// encrypts it with AES-256-GCM; the DEK is kept in the object's header, wrapped (AES-256-GCM) by the data key named
// there. Rotating the data key rewrites 68 header bytes per object (rewrap()); the object's ciphertext is never touched.
//
//   offset  0  magic "\0RBKENC" + version 1          8 bytes
//           8  data key id (lib/security/data-keys)  8 bytes
//          16  wrap IV                              12 bytes
//          28  wrapped DEK                          32 bytes
//          60  wrap tag                             16 bytes
//          76  content IV                           12 bytes
//          88  ciphertext, then its 16-byte tag
//
// The wrap authenticates magic and key id; the content authenticates magic and content IV. A file that does not
// begin with the magic was stored before encryption at rest and is read as it is (a leading NUL byte begins none of
// the formats we keep: PDF, JPEG, PNG, WebM, MP4, JSON).

const magic = Buffer.from([0x00, 0x52, 0x42, 0x4b, 0x45, 0x4e, 0x43, 0x01]);
const idBytes = 8;
const ivBytes = 12;
const tagBytes = 16;
const wrapStart = magic.length;
const wrapEnd = wrapStart + idBytes + ivBytes + 32 + tagBytes; // 76
const headerBytes = wrapEnd + ivBytes; // 88

export class UnknownDataKey extends Error {
  constructor(readonly keyId: string) {
    super(`stored object sealed under data key ${keyId}, which is not configured (DATA_ENCRYPTION_KEY, DATA_ENCRYPTION_PREVIOUS_KEYS)`);
    this.name = "UnknownDataKey";
  }
}

export function isSealed(bytes: Uint8Array): boolean {
  return bytes.byteLength >= headerBytes + tagBytes && Buffer.from(bytes.buffer, bytes.byteOffset, magic.length).equals(magic);
}

/** The id of the data key that wraps a sealed object's DEK; null for an object stored in the clear. */
export function sealedKeyId(bytes: Uint8Array): string | null {
  return isSealed(bytes) ? Buffer.from(bytes.subarray(wrapStart, wrapStart + idBytes)).toString("hex") : null;
}

function wrap(dek: Buffer, key: DataKey): Buffer {
  const id = Buffer.from(key.id, "hex");
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv).setAAD(Buffer.concat([magic, id]));
  const wrapped = Buffer.concat([cipher.update(dek), cipher.final()]);
  return Buffer.concat([id, iv, wrapped, cipher.getAuthTag()]);
}

function unwrap(sealed: Uint8Array, keyring: DataKeyring): Buffer {
  const header = Buffer.from(sealed.buffer, sealed.byteOffset, headerBytes);
  const id = header.subarray(wrapStart, wrapStart + idBytes);
  const key = keyring.byId.get(id.toString("hex"));
  if (!key) throw new UnknownDataKey(id.toString("hex"));
  const iv = header.subarray(wrapStart + idBytes, wrapStart + idBytes + ivBytes);
  const decipher = createDecipheriv("aes-256-gcm", key.key, iv).setAAD(Buffer.concat([magic, id]));
  decipher.setAuthTag(header.subarray(wrapEnd - tagBytes, wrapEnd));
  return Buffer.concat([decipher.update(header.subarray(wrapStart + idBytes + ivBytes, wrapEnd - tagBytes)), decipher.final()]);
}

export function seal(plain: Uint8Array, key: DataKey): Uint8Array {
  const dek = randomBytes(32);
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv("aes-256-gcm", dek, iv).setAAD(Buffer.concat([magic, iv]));
  const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return new Uint8Array(Buffer.concat([magic, wrap(dek, key), iv, body]));
}

/** The plaintext of a sealed object, or the bytes themselves for one stored in the clear. */
export function open(bytes: Uint8Array, keyring: DataKeyring): Uint8Array {
  if (!isSealed(bytes)) return bytes;
  const sealed = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dek = unwrap(sealed, keyring);
  const iv = sealed.subarray(wrapEnd, headerBytes);
  const decipher = createDecipheriv("aes-256-gcm", dek, iv).setAAD(Buffer.concat([magic, iv]));
  decipher.setAuthTag(sealed.subarray(sealed.byteLength - tagBytes));
  return new Uint8Array(Buffer.concat([decipher.update(sealed.subarray(headerBytes, sealed.byteLength - tagBytes)), decipher.final()]));
}

/** The same object with its DEK wrapped by another data key; the ciphertext is the same bytes. */
export function rewrap(bytes: Uint8Array, keyring: DataKeyring, to: DataKey): Uint8Array {
  if (!isSealed(bytes)) throw new Error("not a sealed object");
  const dek = unwrap(bytes, keyring);
  const out = Buffer.from(bytes);
  wrap(dek, to).copy(out, wrapStart);
  return new Uint8Array(out);
}
