import { constants, createCipheriv, createPublicKey, generateKeyPairSync, privateDecrypt, publicEncrypt, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as evidenceRoute } from "@/app/api/signprocess/[id]/evidence/route";
import { GET as fileByNameRoute } from "@/app/api/signprocess/getFileByName/[name]/route";
import { POST as cartesianRoute } from "@/app/api/security/getCartesianCoordinates/route";
import { GET as publicKeyRoute } from "@/app/api/security/getPublicKey/route";
import { encryptEvidence } from "@/components/capture/encrypt-evidence";
import { db } from "@/lib/db/client";
import { translator } from "@/lib/i18n/messages";
import { openApiDocument } from "@/lib/openapi/document";
import { randomHex } from "@/lib/security/random";
import { serverKeyRowPrefix } from "@/lib/security/server-key";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { createSentShipment } from "../support/signing";

type KeyAnswer = {
  result: number;
  keyId: string;
  algorithm: string;
  modulusLength: number;
  publicExponent: number;
  publicKey: string;
  publicKeyDer: string;
};
type HelperFailure = { result: 0; errorCode: string; description: string };
type Coordinates = { result: 1; abscisa: string; ordenada: string; curve: string; encoding: string };

const es = translator("es-es", "errors");
const en = translator("en-us", "errors");
const keyRows = { organizationId: null, name: { startsWith: serverKeyRowPrefix } };
const ip = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

/** The server-key module as a newly started web process has it: nothing in memory, only the database. */
async function freshProcess() {
  vi.resetModules();
  return import("@/lib/security/server-key");
}

const publicKey = () => call<KeyAnswer>(publicKeyRoute, "/api/security/getPublicKey");
const coordinates = (body: unknown, headers: Record<string, string> = {}) =>
  call<Coordinates | HelperFailure>(cartesianRoute, "/api/security/getCartesianCoordinates/", { method: "POST", body, headers });

let org: TestOrganization;

beforeAll(async () => {
  org = await createTestOrganization();
  await db.configValue.deleteMany({ where: keyRows });
});

afterAll(() => {
  vi.resetModules();
});

/** Whether `value` is what the OpenAPI document's component `name` describes. */
function described(name: string, value: unknown): boolean {
  const schemas = openApiDocument().components.schemas as Record<string, Record<string, unknown>>;
  return new Ajv2020({ strict: false, validateFormats: false }).compile({ ...schemas[name], components: { schemas } })(value);
}

describe("the server's RSA key", () => {
  it("is made once when several processes start at the same time, and kept sealed with DATA_ENCRYPTION_KEY", async () => {
    const processes = [];
    for (let i = 0; i < 4; i++) processes.push(await freshProcess());
    // Hold back every insert into ConfigValue (reads still go) until all four have looked, found no
    // key and are waiting to store theirs: the moment two processes really would collide.
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const blocker = db.$transaction(
      async (tx) => {
        await tx.$executeRaw`LOCK TABLE "ConfigValue" IN EXCLUSIVE MODE`;
        holding();
        await new Promise<void>((resolve) => (release = resolve));
      },
      { timeout: 30_000 },
    );
    await held;
    const pending = Promise.all(processes.map((p) => p.currentServerKey()));
    const waiting = async () => {
      const [row] = await db.$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND (locktype = 'advisory' OR relation = '"ConfigValue"'::regclass)`;
      return row?.n ?? 0;
    };
    const deadline = Date.now() + 15_000;
    while ((await waiting()) < processes.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    release();
    await blocker;
    const keys = await pending;

    expect(new Set(keys.map((k) => k.keyId)).size).toBe(1);
    const rows = await db.configValue.findMany({ where: keyRows });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe(`${serverKeyRowPrefix}${keys[0]!.keyId}`);
    expect(rows[0]!.value).not.toMatch(/PRIVATE KEY/);
    expect(rows[0]!.value).not.toContain(keys[0]!.privateKey.export({ type: "pkcs8", format: "der" }).toString("base64").slice(40, 80));
  });

  it("is RSA 2048 with exponent 65537, as PEM and base64 DER, the same on every call and in another process", async () => {
    const first = await publicKey();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ result: 1, algorithm: "RSA-OAEP-256", modulusLength: 2048, publicExponent: 65537 });
    const key = createPublicKey(first.body.publicKey);
    expect(key.asymmetricKeyType).toBe("rsa");
    expect(key.asymmetricKeyDetails).toEqual({ modulusLength: 2048, publicExponent: 65537n });
    expect(key.export({ type: "spki", format: "der" }).toString("base64")).toBe(first.body.publicKeyDer);
    expect(described("ServerPublicKey", first.body)).toBe(true);

    expect((await publicKey()).body).toEqual(first.body);
    const other = await (await freshProcess()).currentServerKey();
    expect(other.keyId).toBe(first.body.keyId);
    expect(other.publicKeyPem).toBe(first.body.publicKey);
    // The other process's private key opens what was sealed with the key the first one published.
    const secret = randomBytes(32);
    const wrapped = publicEncrypt({ key: first.body.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, secret);
    expect(
      privateDecrypt({ key: other.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, wrapped).equals(secret),
    ).toBe(true);
    expect(await db.configValue.count({ where: keyRows })).toBe(1);
  });
});

describe("getCartesianCoordinates", () => {
  const hex = (b64url: string | undefined) => Buffer.from(b64url ?? "", "base64url").toString("hex");

  it.each([
    ["P-256", "prime256v1"],
    ["P-384", "secp384r1"],
    ["P-521", "secp521r1"],
    ["secp256k1", "secp256k1"],
  ])("answers x and y of a %s key, from PEM, base64 DER, JWK and a bare point", async (curve, namedCurve) => {
    const { publicKey: key } = generateKeyPairSync("ec", { namedCurve });
    const jwk = key.export({ format: "jwk" });
    const x = Buffer.from(jwk.x!, "base64url");
    const y = Buffer.from(jwk.y!, "base64url");
    const expected = { result: 1, abscisa: hex(jwk.x), ordenada: hex(jwk.y), curve, encoding: "hex" };
    const forms = [
      key.export({ type: "spki", format: "pem" }).toString(),
      key.export({ type: "spki", format: "der" }).toString("base64"),
      JSON.stringify(jwk),
      Buffer.concat([Buffer.from([4]), x, y]).toString("hex"),
      `0x${Buffer.concat([x, y]).toString("hex")}`,
    ];
    for (const form of forms) {
      const { status, body } = await coordinates({ publicKey: form });
      expect(status, form).toBe(200);
      expect(body, form).toEqual(expected);
    }
    expect(expected.abscisa).toHaveLength(2 * x.length);
    expect(described("CartesianCoordinates", expected)).toBe(true);
  });

  it("opens a compressed point when its curve is named, and asks for the curve when two fit", async () => {
    const { publicKey: key } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const jwk = key.export({ format: "jwk" });
    const y = Buffer.from(jwk.y!, "base64url");
    const compressed = Buffer.concat([Buffer.from([2 + (y[y.length - 1]! & 1)]), Buffer.from(jwk.x!, "base64url")]).toString("hex");
    const named = await coordinates({ publicKey: compressed, curve: "P-256" });
    expect(named.body).toEqual({ result: 1, abscisa: hex(jwk.x), ordenada: hex(jwk.y), curve: "P-256", encoding: "hex" });
    const unnamed = await coordinates({ publicKey: compressed });
    // The x of a P-256 point is also the x of a secp256k1 point about half the time.
    if (unnamed.status === 200) expect(unnamed.body).toEqual(named.body);
    else expect(unnamed.body).toMatchObject({ result: 0, errorCode: "PUBLIC_KEY_CURVE_REQUIRED" });
  });

  it("answers result 0 with a description in the caller's language for anything else", async () => {
    const ec = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const jwk = ec.publicKey.export({ format: "jwk" });
    const offCurve = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x!, "base64url"),
      Buffer.from(jwk.y!, "base64url").map((b, i) => (i === 5 ? b ^ 1 : b)),
    ]).toString("hex");
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "pem" }).toString();
    const cases: [unknown, string][] = [
      [{ publicKey: "esto no es una clave" }, "PUBLIC_KEY_INVALID"],
      [{ publicKey: "deadbeef" }, "PUBLIC_KEY_INVALID"],
      [{ publicKey: offCurve }, "PUBLIC_KEY_INVALID"],
      [{ publicKey: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----" }, "PUBLIC_KEY_INVALID"],
      [{ publicKey: ec.privateKey.export({ type: "pkcs8", format: "pem" }).toString() }, "PUBLIC_KEY_INVALID"],
      [{ publicKey: rsa }, "PUBLIC_KEY_UNSUPPORTED"],
      [{ publicKey: offCurve, curve: "brainpoolP256r1" }, "PUBLIC_KEY_UNSUPPORTED"],
      [{}, "EMPTY_FIELD"],
    ];
    for (const [body, code] of cases) {
      const answer = await coordinates(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      // Spec §8's helper answer over the one error shape: message repeats the description.
      expect(answer.body, JSON.stringify(body)).toMatchObject({
        result: 0,
        errorCode: code,
        description: es(code, {}),
        message: es(code, {}),
      });
      expect(described("HelperFailure", answer.body)).toBe(true);
    }
    const english = await coordinates({ publicKey: "garbage" }, { "accept-language": "en-US" });
    expect(english.body).toMatchObject({
      result: 0,
      errorCode: "PUBLIC_KEY_INVALID",
      description: en("PUBLIC_KEY_INVALID"),
      message: en("PUBLIC_KEY_INVALID"),
    });
    expect((english.body as HelperFailure).description).toBeTruthy();
  });

  it("answers result 0 for a body that is not JSON", async () => {
    const request = new NextRequest("http://127.0.0.1:3000/api/security/getCartesianCoordinates/", {
      method: "POST",
      body: "publicKey=x",
      headers: { "content-type": "text/plain" },
    });
    const response = await sendRequest(cartesianRoute, request);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ result: 0, errorCode: "PUBLIC_KEY_INVALID" });
  });
});

describe("evidence sealed in transit", () => {
  async function selfieJpeg() {
    // Red above, blue below: what is stored must be this picture, stamped, and not the ciphertext.
    const top = await sharp({ create: { width: 640, height: 240, channels: 3, background: { r: 210, g: 20, b: 20 } } })
      .png()
      .toBuffer();
    return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 20, b: 210 } } })
      .composite([{ input: top, top: 0, left: 0 }])
      .jpeg({ quality: 90 })
      .toBuffer();
  }

  /** What components/capture/encrypt-evidence.ts does, with node:crypto: AES-256-GCM (tag appended), key wrapped with RSA-OAEP SHA-256. */
  function seal(bytes: Uint8Array, key: KeyAnswer) {
    const aesKey = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", aesKey, iv);
    const ciphertext = Buffer.concat([cipher.update(bytes), cipher.final(), cipher.getAuthTag()]);
    const encryptedKey = publicEncrypt({ key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, aesKey);
    return { keyId: key.keyId, encryptedKey: encryptedKey.toString("base64"), iv: iv.toString("base64"), ciphertext };
  }

  async function upload(processHexId: string, secret: string, file: Uint8Array, fields: Record<string, string> = {}) {
    const form = new FormData();
    form.set("kind", "SELFIE");
    form.set("uploadId", crypto.randomUUID());
    form.set("accepted", "true");
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set("file", new Blob([new Uint8Array(file)]), "selfie");
    const request = new NextRequest(`http://127.0.0.1:3000/api/signprocess/${processHexId}/evidence`, {
      method: "POST",
      body: form,
      headers: { "x-url-sign": secret, ...clientAddressHeaders(ip()), "user-agent": "vitest signer", "accept-language": "es-ES" },
    });
    const response = await sendRequest(evidenceRoute, request);
    return {
      status: response.status,
      body: (await response.json()) as { result?: number; evidenceHexId?: string; errorCode?: string; message?: string; next?: string },
    };
  }

  async function expectStoredSelfie(signerId: number) {
    const evidence = await db.evidence.findFirstOrThrow({ where: { signerId } });
    expect(evidence).toMatchObject({ kind: "SELFIE", mimeType: "image/jpeg" });
    const stored = await storage().get(evidence.storageKey);
    const image = sharp(stored);
    expect(await image.metadata()).toMatchObject({ format: "jpeg", width: 640, height: 480 });
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, yy: number) => [
      ...data.subarray((yy * info.width + x) * info.channels, (yy * info.width + x) * info.channels + 3),
    ];
    const [r, g, b] = pixel(20, 20);
    expect(r).toBeGreaterThan(150);
    expect(Math.max(g!, b!)).toBeLessThan(80);
    expect(pixel(20, 300)[2]).toBeGreaterThan(150);
  }

  it("stores a sealed selfie opened, and moves to the next step", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SELFIE", "SIGNATURE"] });
    const signer = signers[0]!;
    const key = (await publicKey()).body;
    const sealed = seal(await selfieJpeg(), key);

    const answer = await upload(signer.hexId, signer.secret!, sealed.ciphertext, {
      keyId: sealed.keyId,
      encryptedKey: sealed.encryptedKey,
      iv: sealed.iv,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ result: 1 });
    expect(answer.body.next).toContain("/signature-process/digital-signature/");
    await expectStoredSelfie(signer.id);
    expect((await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).currentStep).toBe(1);
  });

  it("opens what the browser helper seals with WebCrypto", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SELFIE", "SIGNATURE"] });
    const signer = signers[0]!;
    const key = (await publicKey()).body;
    const sealed = await encryptEvidence(new Blob([new Uint8Array(await selfieJpeg())]), {
      keyId: key.keyId,
      publicKeyDer: key.publicKeyDer,
    });

    const answer = await upload(signer.hexId, signer.secret!, sealed.ciphertext, {
      keyId: sealed.keyId,
      encryptedKey: sealed.encryptedKey,
      iv: sealed.iv,
    });
    expect(answer.status).toBe(200);
    await expectStoredSelfie(signer.id);
  });

  it("refuses an altered ciphertext, a wrong key or key id and a partial envelope, and stores nothing", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SELFIE", "SIGNATURE"] });
    const signer = signers[0]!;
    const key = (await publicKey()).body;
    const jpeg = await selfieJpeg();
    const sealed = seal(jpeg, key);
    const envelope = { keyId: sealed.keyId, encryptedKey: sealed.encryptedKey, iv: sealed.iv };
    const tampered = Buffer.from(sealed.ciphertext);
    tampered[100] = tampered[100]! ^ 0x01;
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "pem" }).toString();
    const foreign = seal(jpeg, { ...key, publicKey: otherKey });

    const attempts: [Uint8Array, Record<string, string>][] = [
      [tampered, envelope],
      [sealed.ciphertext, { ...envelope, iv: randomBytes(12).toString("base64") }],
      [sealed.ciphertext, { ...envelope, keyId: randomHex(16) }],
      [foreign.ciphertext, { keyId: key.keyId, encryptedKey: foreign.encryptedKey, iv: foreign.iv }],
      [sealed.ciphertext, { keyId: envelope.keyId, encryptedKey: envelope.encryptedKey }],
      [sealed.ciphertext, { ...envelope, encryptedKey: "%%%" }],
    ];
    for (const [file, fields] of attempts) {
      const answer = await upload(signer.hexId, signer.secret!, file, fields);
      expect(answer.status, JSON.stringify(Object.keys(fields))).toBe(400);
      expect(answer.body).toMatchObject({ errorCode: "EVIDENCE_DECRYPT_FAILED", message: es("EVIDENCE_DECRYPT_FAILED") });
    }
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(0);
    expect((await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).currentStep).toBe(0);

    // The untouched envelope still goes through afterwards.
    expect((await upload(signer.hexId, signer.secret!, sealed.ciphertext, envelope)).status).toBe(200);
  });

  it("still takes a plain upload", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SELFIE", "SIGNATURE"] });
    const signer = signers[0]!;
    const answer = await upload(signer.hexId, signer.secret!, await selfieJpeg());
    expect(answer.status).toBe(200);
    await expectStoredSelfie(signer.id);
  });
});

describe("getFileByName", () => {
  const file = (name: string) =>
    call<{ result: number; base64File?: string; mimeType?: string; isDefault?: boolean; errorCode?: string; description?: string }>(
      fileByNameRoute,
      `/api/signprocess/getFileByName/${name}`,
      { params: { name } },
    );

  it("answers Rúbrica's logo in base64 for an organisation without one", async () => {
    const { status, body } = await file(`logo-${org.organization.hexId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: 1, mimeType: "image/png", isDefault: true });
    expect(body.base64File).toBe(readFileSync(path.join(process.cwd(), "public", "rubrica-logo.png")).toString("base64"));
    expect(described("FileByName", body)).toBe(true);
  });

  it("answers the organisation's own logo once it has one", async () => {
    const other = await createTestOrganization();
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const stored = await storage().put(png);
    await db.organization.update({ where: { id: other.organization.id }, data: { logoFileName: stored.key } });
    const { body } = await file(`logo-${other.organization.hexId}`);
    expect(body).toMatchObject({ result: 1, mimeType: "image/png", isDefault: false, base64File: png.toString("base64") });
  });

  it("answers result 0 with a description and 404 for an unknown name or organisation", async () => {
    for (const name of [`logo-${randomHex(16)}`, "contrato.pdf", `logo-${org.organization.hexId}x`]) {
      const { status, body } = await file(name);
      expect(status, name).toBe(404);
      expect(body, name).toEqual({
        result: 0,
        errorCode: "FILE_NOT_FOUND",
        description: es("FILE_NOT_FOUND"),
        message: es("FILE_NOT_FOUND"),
      });
    }
  });
});

describe("key rotation", () => {
  it("publishes the new key while the replaced one still opens envelopes for a day, not after", async () => {
    const before = (await publicKey()).body;
    const operator = await freshProcess();
    const rotated = await operator.rotateServerKey();
    expect(rotated.keyId).not.toBe(before.keyId);

    const web = await freshProcess();
    expect((await web.currentServerKey()).keyId).toBe(rotated.keyId);
    expect((await web.serverKeyById(before.keyId))?.keyId).toBe(before.keyId);
    expect((await web.serverKeyById(rotated.keyId))?.keyId).toBe(rotated.keyId);

    // A day and a bit later the replaced key is no longer accepted.
    const newest = await db.configValue.findFirstOrThrow({
      where: { organizationId: null, name: `${serverKeyRowPrefix}${rotated.keyId}` },
    });
    const value = JSON.parse(newest.value) as { createdAt: string };
    await db.configValue.update({
      where: { id: newest.id },
      data: { value: JSON.stringify({ ...value, createdAt: new Date(Date.now() - operator.retiredKeyGraceMs - 60_000).toISOString() }) },
    });
    expect(await (await freshProcess()).serverKeyById(before.keyId)).toBeNull();
    expect((await (await freshProcess()).serverKeyById(rotated.keyId))?.keyId).toBe(rotated.keyId);

    // The next rotation deletes it.
    await (await freshProcess()).rotateServerKey();
    expect(await db.configValue.count({ where: { organizationId: null, name: `${serverKeyRowPrefix}${before.keyId}` } })).toBe(0);
    expect(await db.configValue.count({ where: keyRows })).toBe(2);
  });
});
