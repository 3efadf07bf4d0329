import { createHash, createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from "node:crypto";
import { promisify } from "node:util";
import { db, type Tx } from "@/lib/db/client";
import { decryptSecret, encryptSecret } from "./encryption";

// The server's RSA key pair for key exchange (spec §7 GET /security/getPublicKey, §9 "RSA key: 2048
// bits, exponent 65537"). Browsers wrap a one-time AES key with its public half (RSA-OAEP, SHA-256)
// so evidence travels sealed above TLS (lib/security/evidence-envelope.ts).
//
// Every web process must hold the same private key and keep it across restarts, so the pair lives in
// the database: one global ConfigValue row (organizationId null) per key, named
// `security_rsa_key:<keyId>`, the private half sealed with DATA_ENCRYPTION_KEY (lib/security/encryption.ts).
// The newest row is the current key. Rotation adds a newer row; a replaced key still opens envelopes
// for `retiredKeyGraceMs` after it was replaced, so uploads begun before a rotation still arrive.

const generate = promisify(generateKeyPair);

export const serverKeyBits = 2048;
export const serverKeyExponent = 65537;
/** The WebCrypto / JOSE name of how the key is used: RSA-OAEP with SHA-256 and MGF1-SHA-256. */
export const serverKeyAlgorithm = "RSA-OAEP-256";
export const serverKeyRowPrefix = "security_rsa_key:";
/** How long a replaced key still opens envelopes sealed with it. */
export const retiredKeyGraceMs = 24 * 3600_000;
/** How long a process trusts its idea of the current key; a rotation made by another process shows within this. */
const currentTtlMs = 5 * 60_000;
/** Advisory-lock namespace (see lib/db/lock-organization.ts) for creating or rotating the key. */
const lockNamespace = 0x5ec4e7a1;

type StoredKey = { v: 1; createdAt: string; publicKey: string; privateKey: string };
type KeyRow = { id: number; name: string; value: string };

export type ServerKey = {
  keyId: string;
  createdAt: Date;
  /** SPKI, PEM. */
  publicKeyPem: string;
  /** SPKI, DER (what WebCrypto's importKey("spki") takes). */
  publicKeyDer: Buffer;
  privateKey: KeyObject;
};

/** The key id: the first 128 bits of the SHA-256 of the SPKI DER, in hex. */
export function keyIdOf(spkiDer: Uint8Array): string {
  return createHash("sha256").update(spkiDer).digest("hex").slice(0, 32);
}

function parseRow(row: KeyRow): ServerKey {
  const stored = JSON.parse(row.value) as StoredKey;
  const privateKey = createPrivateKey(decryptSecret(stored.privateKey));
  const publicKey = createPublicKey(privateKey);
  const publicKeyDer = publicKey.export({ type: "spki", format: "der" });
  const keyId = keyIdOf(publicKeyDer);
  if (`${serverKeyRowPrefix}${keyId}` !== row.name) throw new Error(`Server key row ${row.id} does not hold the key its name says`);
  return {
    keyId,
    createdAt: new Date(stored.createdAt),
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    publicKeyDer,
    privateKey,
  };
}

async function newKeyRow(): Promise<{ name: string; value: string }> {
  const { publicKey, privateKey } = await generate("rsa", { modulusLength: serverKeyBits, publicExponent: serverKeyExponent });
  const publicKeyDer = publicKey.export({ type: "spki", format: "der" });
  const stored: StoredKey = {
    v: 1,
    createdAt: new Date().toISOString(),
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
    privateKey: encryptSecret(privateKey.export({ type: "pkcs8", format: "pem" }).toString()),
  };
  return { name: `${serverKeyRowPrefix}${keyIdOf(publicKeyDer)}`, value: JSON.stringify(stored) };
}

const keyRows = { organizationId: null, name: { startsWith: serverKeyRowPrefix } };

function newestRow(client: Tx | typeof db): Promise<KeyRow | null> {
  return client.configValue.findFirst({ where: keyRows, orderBy: { id: "desc" }, select: { id: true, name: true, value: true } });
}

/**
 * Runs `work` holding the key lock: two processes starting at once (or rotating at once) are
 * serialised, and the second sees what the first wrote. A unique index cannot do it here, since
 * PostgreSQL treats the null organizationId of global rows as distinct.
 */
function withKeyLock<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${lockNamespace}::int, 0)`;
    return work(tx);
  });
}

let current: { key: ServerKey; loadedAt: number } | undefined;
let loading: Promise<ServerKey> | undefined;
const byKeyId = new Map<string, ServerKey>();

function remember(key: ServerKey): ServerKey {
  byKeyId.set(key.keyId, key);
  current = { key, loadedAt: Date.now() };
  return key;
}

async function loadOrCreateCurrent(): Promise<ServerKey> {
  const existing = await newestRow(db);
  if (existing) return remember(parseRow(existing));
  // Generated outside the lock (it takes a moment); a process that loses the race drops its pair.
  const fresh = await newKeyRow();
  const row = await withKeyLock(
    async (tx) =>
      (await newestRow(tx)) ??
      tx.configValue.create({ data: { organizationId: null, ...fresh }, select: { id: true, name: true, value: true } }),
  );
  return remember(parseRow(row));
}

/** The key browsers should seal with: the newest, created on first use. */
export async function currentServerKey(): Promise<ServerKey> {
  if (current && Date.now() - current.loadedAt < currentTtlMs) return current.key;
  loading ??= loadOrCreateCurrent().finally(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * The private key for an envelope sealed with `keyId`: the current key, or a replaced one within its
 * grace period. Null when the id is unknown or too old.
 */
export async function serverKeyById(keyId: string): Promise<ServerKey | null> {
  if (!/^[0-9a-f]{32}$/.test(keyId)) return null;
  if (current && current.key.keyId === keyId && Date.now() - current.loadedAt < currentTtlMs) return current.key;
  const row = await db.configValue.findFirst({
    where: { organizationId: null, name: `${serverKeyRowPrefix}${keyId}` },
    select: { id: true, name: true, value: true },
  });
  if (!row) return null;
  const successor = await db.configValue.findFirst({
    where: { ...keyRows, id: { gt: row.id } },
    orderBy: { id: "asc" },
    select: { value: true },
  });
  if (successor) {
    const replacedAt = new Date((JSON.parse(successor.value) as StoredKey).createdAt).getTime();
    if (Date.now() - replacedAt > retiredKeyGraceMs) return null;
  }
  const known = byKeyId.get(keyId);
  if (known) return known;
  const key = parseRow(row);
  byKeyId.set(keyId, key);
  return key;
}

/**
 * Makes a new current key (an operator's action, e.g. from a script). Keys replaced longer ago than
 * the grace period are deleted. Other processes pick the new key up within `currentTtlMs`.
 */
export async function rotateServerKey(): Promise<ServerKey> {
  const fresh = await newKeyRow();
  const row = await withKeyLock(async (tx) => {
    const rows = await tx.configValue.findMany({ where: keyRows, orderBy: { id: "asc" }, select: { id: true, value: true } });
    const expired = rows.filter((r, index) => {
      const successor = rows[index + 1];
      return (
        successor !== undefined && Date.now() - new Date((JSON.parse(successor.value) as StoredKey).createdAt).getTime() > retiredKeyGraceMs
      );
    });
    if (expired.length > 0) await tx.configValue.deleteMany({ where: { id: { in: expired.map((r) => r.id) } } });
    return tx.configValue.create({ data: { organizationId: null, ...fresh }, select: { id: true, name: true, value: true } });
  });
  return remember(parseRow(row));
}

/** What GET /api/security/getPublicKey answers. */
export async function publicKeyAnswer() {
  const key = await currentServerKey();
  return {
    result: 1,
    keyId: key.keyId,
    algorithm: serverKeyAlgorithm,
    modulusLength: serverKeyBits,
    publicExponent: serverKeyExponent,
    publicKey: key.publicKeyPem,
    publicKeyDer: key.publicKeyDer.toString("base64"),
    createdAt: key.createdAt.toISOString(),
  };
}
