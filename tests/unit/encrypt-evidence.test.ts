import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  appendEncryptedFile,
  encryptEvidence,
  forgetServerPublicKey,
  fromBase64,
  serverPublicKey,
  toBase64,
} from "@/components/capture/encrypt-evidence";
import { AppError } from "@/lib/errors/app-error";
import { openEnvelope } from "@/lib/security/evidence-envelope";

// The browser helper runs here as it is: Node 20+ has the browser's WebCrypto as globalThis.crypto.
const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 65537 });
const server = {
  keyId: "0123456789abcdef0123456789abcdef",
  publicKeyDer: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
};

afterEach(() => {
  vi.unstubAllGlobals();
  forgetServerPublicKey();
});

describe("encryptEvidence (components/capture/encrypt-evidence.ts)", () => {
  it("seals with AES-256-GCM (12-byte IV, tag appended) and wraps the key with RSA-OAEP SHA-256", async () => {
    const plain = randomBytes(100_000);
    const sealed = await encryptEvidence(new Blob([plain]), server);

    expect(sealed.keyId).toBe(server.keyId);
    const iv = Buffer.from(sealed.iv, "base64");
    const wrapped = Buffer.from(sealed.encryptedKey, "base64");
    expect(iv).toHaveLength(12);
    expect(wrapped).toHaveLength(256);
    expect(sealed.ciphertext.byteLength).toBe(plain.length + 16);
    // Opened with node:crypto alone, independently of the server's code.
    const aesKey = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, wrapped);
    expect(aesKey).toHaveLength(32);
    const decipher = createDecipheriv("aes-256-gcm", aesKey, iv);
    decipher.setAuthTag(Buffer.from(sealed.ciphertext.subarray(-16)));
    expect(Buffer.concat([decipher.update(sealed.ciphertext.subarray(0, -16)), decipher.final()]).equals(plain)).toBe(true);
    // And by the server's envelope reader.
    expect(Buffer.from(openEnvelope(privateKey, sealed, sealed.ciphertext)).equals(plain)).toBe(true);
  });

  it("uses a new key and IV for every file", async () => {
    const plain = new Uint8Array([1, 2, 3]);
    const [a, b] = await Promise.all([encryptEvidence(plain, server), encryptEvidence(plain, server)]);
    expect(a.iv).not.toBe(b.iv);
    expect(a.encryptedKey).not.toBe(b.encryptedKey);
    expect(Buffer.from(a.ciphertext).equals(Buffer.from(b.ciphertext))).toBe(false);
  });

  it("is refused by the server once a byte, the IV or the wrapped key changes", async () => {
    const sealed = await encryptEvidence(randomBytes(2000), server);
    const flipped = new Uint8Array(sealed.ciphertext);
    flipped[10] = flipped[10]! ^ 1;
    const tagFlipped = new Uint8Array(sealed.ciphertext);
    tagFlipped[tagFlipped.length - 1] = tagFlipped[tagFlipped.length - 1]! ^ 1;
    const otherIv = { ...sealed, iv: toBase64(randomBytes(12)) };
    const otherKey = { ...sealed, encryptedKey: toBase64(randomBytes(256)) };
    for (const [envelope, bytes] of [
      [sealed, flipped],
      [sealed, tagFlipped],
      [otherIv, sealed.ciphertext],
      [otherKey, sealed.ciphertext],
      [{ ...sealed, iv: toBase64(randomBytes(16)) }, sealed.ciphertext],
      [sealed, sealed.ciphertext.subarray(0, 16)],
    ] as const) {
      let caught: unknown;
      try {
        openEnvelope(privateKey, envelope, bytes);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).code).toBe("EVIDENCE_DECRYPT_FAILED");
    }
  });

  it("puts keyId, encryptedKey, iv and the ciphertext as file in the upload form", async () => {
    const form = new FormData();
    const plain = randomBytes(500);
    await appendEncryptedFile(form, new Blob([plain], { type: "image/jpeg" }), "selfie.jpg", server);
    const file = form.get("file") as Blob;
    expect(form.get("keyId")).toBe(server.keyId);
    expect(file.type).toBe("application/octet-stream");
    const sealed = new Uint8Array(await file.arrayBuffer());
    const opened = openEnvelope(privateKey, { encryptedKey: String(form.get("encryptedKey")), iv: String(form.get("iv")) }, sealed);
    expect(Buffer.from(opened).equals(plain)).toBe(true);
  });

  it("fetches the server's key once per page, and again after a failure or when told to forget it", async () => {
    const fetcher = vi.fn(
      async () =>
        new Response(JSON.stringify({ result: 1, ...server, publicKey: "pem" }), { headers: { "content-type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetcher);
    expect(await serverPublicKey()).toEqual(server);
    await encryptEvidence(new Uint8Array([1]));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher.mock.calls[0]).toEqual(["/api/security/getPublicKey", expect.anything()]);
    forgetServerPublicKey();
    await serverPublicKey();
    expect(fetcher).toHaveBeenCalledTimes(2);

    forgetServerPublicKey();
    const failing = vi.fn(
      async () => new Response(JSON.stringify({ result: 0, errorCode: "SERVER_ERROR", description: "Ocurrió un error" }), { status: 500 }),
    );
    vi.stubGlobal("fetch", failing);
    await expect(serverPublicKey()).rejects.toThrow("Ocurrió un error");
    vi.stubGlobal("fetch", fetcher);
    expect(await serverPublicKey()).toEqual(server);
  });

  it("encodes base64 the way Buffer does, for large files too", () => {
    const bytes = randomBytes(100_001);
    expect(toBase64(bytes)).toBe(bytes.toString("base64"));
    expect(Buffer.from(fromBase64(bytes.toString("base64"))).equals(bytes)).toBe(true);
  });
});
