// Seals a capture in the browser before it is uploaded, on top of TLS (the server side is
// lib/security/evidence-envelope.ts). WebCrypto only, so it runs the same in Node 20+ (tests):
// - the server's RSA public key comes from GET /api/security/getPublicKey (kept for the page's life);
// - a random AES-256-GCM key and 12-byte IV encrypt the bytes (the 16-byte tag follows the ciphertext);
// - the AES key is wrapped with RSA-OAEP, SHA-256;
// - the upload sends `keyId`, `encryptedKey` and `iv` (base64) with the ciphertext as `file`.

export type ServerPublicKey = { keyId: string; publicKeyDer: string };
export type EncryptedEvidence = { keyId: string; encryptedKey: string; iv: string; ciphertext: Uint8Array<ArrayBuffer> };

export const publicKeyPath = "/api/security/getPublicKey";

let cached: Promise<ServerPublicKey> | undefined;

/** WebCrypto exists only in secure contexts (HTTPS, localhost): without it uploads go plain, under TLS alone. */
export function canEncryptEvidence(): boolean {
  return typeof globalThis.crypto?.subtle?.encrypt === "function";
}

/** The server's public key, fetched once per page; a failed fetch is not kept, so the next call retries. */
export function serverPublicKey(url: string = publicKeyPath): Promise<ServerPublicKey> {
  cached ??= fetch(url, { headers: { accept: "application/json" } })
    .then(async (response) => {
      const body = (await response.json()) as { result?: number; keyId?: unknown; publicKeyDer?: unknown; description?: string };
      if (!response.ok || body.result !== 1 || typeof body.keyId !== "string" || typeof body.publicKeyDer !== "string") {
        throw new Error(body.description ?? `getPublicKey answered ${response.status}`);
      }
      return { keyId: body.keyId, publicKeyDer: body.publicKeyDer };
    })
    .catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
  return cached;
}

/** Drops the kept key, e.g. after the server refused an envelope because its key was rotated away. */
export function forgetServerPublicKey(): void {
  cached = undefined;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function bytesOf(data: Blob | ArrayBuffer | Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  if (data instanceof Uint8Array) return new Uint8Array(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
  return new Uint8Array(await data.arrayBuffer());
}

/** Encrypts `data` for the server: with `key` when given, else with the one getPublicKey answers. */
export async function encryptEvidence(data: Blob | ArrayBuffer | Uint8Array, key?: ServerPublicKey): Promise<EncryptedEvidence> {
  const { subtle } = globalThis.crypto;
  const server = key ?? (await serverPublicKey());
  const rsa = await subtle.importKey("spki", fromBase64(server.publicKeyDer), { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
  const aes = await subtle.generateKey({ name: "AES-GCM", length: 256 }, true, ["encrypt"]);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = new Uint8Array(await subtle.encrypt({ name: "AES-GCM", iv, tagLength: 128 }, aes, await bytesOf(data)));
  const rawKey = new Uint8Array(await subtle.exportKey("raw", aes));
  const encryptedKey = new Uint8Array(await subtle.encrypt({ name: "RSA-OAEP" }, rsa, rawKey));
  rawKey.fill(0);
  return { keyId: server.keyId, encryptedKey: toBase64(encryptedKey), iv: toBase64(iv), ciphertext };
}

/**
 * Puts `file` in an evidence upload's form sealed: `keyId`, `encryptedKey`, `iv` and the ciphertext
 * as `file`. Without WebCrypto the file goes as it is.
 */
export async function appendEncryptedFile(form: FormData, file: Blob, fileName = "evidence", key?: ServerPublicKey): Promise<void> {
  if (!canEncryptEvidence()) {
    form.set("file", file, fileName);
    return;
  }
  const sealed = await encryptEvidence(file, key);
  form.set("keyId", sealed.keyId);
  form.set("encryptedKey", sealed.encryptedKey);
  form.set("iv", sealed.iv);
  form.set("file", new Blob([sealed.ciphertext], { type: "application/octet-stream" }), `${fileName}.sealed`);
}
