import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataKeyring } from "@/lib/security/data-keys";
import { encryptSecret, reencryptSecret } from "@/lib/security/encryption";
import { developmentRowNames } from "@/lib/pdf/development-store";
import { isSealed, sealedKeyId, UnknownDataKey } from "@/lib/storage/envelope";
import { ObjectMissing, objectStore, sealedStorage, storage, type ObjectStore } from "@/lib/storage";
import { newStorageKey } from "@/lib/storage/keys";
import { localStore } from "@/lib/storage/local-store";
import { rotateObjects } from "@/lib/storage/rotate-objects";
import { s3Client, s3Store } from "@/lib/storage/s3-store";
import { migrateDatabase, recreateDatabase } from "../support/database";
import { startS3Server } from "../support/s3-server";

/**
 * Object storage (issue 13, item 4): the local directory and an S3-compatible bucket behind one interface, every
 * object encrypted at rest under the data key (per-object key wrapped by it), old plaintext objects still readable,
 * and scripts/rotate-data-key.ts moving everything to a new data key so the old one is no longer needed.
 */

const configuredKey = process.env.DATA_ENCRYPTION_KEY!;
const newKey = randomBytes(32).toString("hex");
const before = dataKeyring(configuredKey);
const after = dataKeyring(newKey);

let s3: Awaited<ReturnType<typeof startS3Server>>;
let localRoot: string;

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = await mkdtemp(path.join(tmpdir(), "rubrica-local-store-"));
});

afterAll(async () => {
  await s3?.stop();
  if (localRoot) await rm(localRoot, { recursive: true, force: true });
});

/** Bytes a reader of the raw store must never find: a marker inside an otherwise random selfie-sized file. */
function evidence(): { bytes: Uint8Array; marker: Buffer } {
  const marker = Buffer.from(`selfie-${randomBytes(8).toString("hex")}`);
  return {
    bytes: new Uint8Array(Buffer.concat([Buffer.from("\xff\xd8\xff\xe0", "latin1"), marker, randomBytes(200_000), marker])),
    marker,
  };
}

const drivers: [string, () => ObjectStore][] = [
  ["local directory", () => localStore(localRoot)],
  ["S3 bucket (s3rver)", () => s3Store(s3Client(s3.settings), s3.settings.bucket)],
];

describe.each(drivers)("%s", (_, driver) => {
  it("keeps objects encrypted under the data key and gives back the plaintext, its SHA-256 and size", async () => {
    const store = driver();
    const files = sealedStorage(store, () => before);
    const { bytes, marker } = evidence();
    const stored = await files.put(bytes);

    // What is stamped on chain and checked by /validateDocs is the hash of the plaintext.
    expect(stored.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(stored.size).toBe(bytes.byteLength);
    const raw = Buffer.from(await store.read(stored.key));
    expect(raw.includes(marker)).toBe(false);
    expect(isSealed(raw)).toBe(true);
    expect(sealedKeyId(raw)).toBe(before.current.id);
    expect(Buffer.from(await files.get(stored.key)).equals(Buffer.from(bytes))).toBe(true);

    expect(await files.exists(stored.key)).toBe(true);
    await files.delete(stored.key);
    expect(await files.exists(stored.key)).toBe(false);
    await expect(files.get(stored.key)).rejects.toBeInstanceOf(ObjectMissing);
    await files.delete(stored.key); // deleting twice is not an error
  });

  it("reads files stored before encryption at rest as they are", async () => {
    const store = driver();
    const { bytes } = evidence();
    const key = newStorageKey();
    await store.write(key, bytes);
    expect(Buffer.from(await sealedStorage(store, () => before).get(key)).equals(Buffer.from(bytes))).toBe(true);
  });

  it("refuses an object whose key is not configured, and one altered at rest", async () => {
    const store = driver();
    const stored = await sealedStorage(store, () => before).put(evidence().bytes);
    await expect(sealedStorage(store, () => after).get(stored.key)).rejects.toBeInstanceOf(UnknownDataKey);

    const raw = await store.read(stored.key);
    const at = raw.byteLength - 100;
    raw[at] = raw[at]! ^ 1;
    await store.write(stored.key, raw);
    await expect(sealedStorage(store, () => before).get(stored.key)).rejects.toThrow(/authenticate/);
  });

  it("rotation re-wraps every object under the new key, seals old plaintext, resumes after a crash and repeats as a no-op", async () => {
    const store = driver();
    for await (const key of store.keys()) await store.delete(key);
    const files = sealedStorage(store, () => before);
    const originals = new Map<string, Uint8Array>();
    for (let i = 0; i < 5; i++) {
      const { bytes } = evidence();
      originals.set((await files.put(bytes)).key, bytes);
    }
    const legacy = newStorageKey();
    originals.set(legacy, evidence().bytes);
    await store.write(legacy, originals.get(legacy)!);
    const first = [...originals.keys()][0]!;
    const ciphertextBefore = Buffer.from(await store.read(first)).subarray(76);

    // A run that dies after two writes (the store goes away) leaves a mix of old and new; everything stays readable.
    const rotating = dataKeyring(newKey, [configuredKey]);
    let writes = 0;
    const dying: ObjectStore = {
      ...store,
      async write(key, bytes) {
        if (++writes > 2) throw new Error("store went away");
        await store.write(key, bytes);
      },
    };
    await expect(rotateObjects(dying, rotating, { concurrency: 1 })).rejects.toThrow("store went away");
    for (const [key, bytes] of originals)
      expect(Buffer.from(await sealedStorage(store, () => rotating).get(key)).equals(Buffer.from(bytes))).toBe(true);

    const resumed = await rotateObjects(store, rotating);
    expect(resumed).toMatchObject({ checked: 6, current: 2, unknownKey: [] });
    expect(resumed.rewrapped + resumed.encrypted).toBe(4);

    // The old key is no longer needed: the new one alone opens every object, including the one kept in the clear.
    for (const [key, bytes] of originals) {
      const raw = await store.read(key);
      expect(sealedKeyId(raw)).toBe(after.current.id);
      expect(Buffer.from(await sealedStorage(store, () => after).get(key)).equals(Buffer.from(bytes))).toBe(true);
    }
    // Re-wrapping touches the header only: the content's ciphertext is the same bytes.
    expect(
      Buffer.from(await store.read(first))
        .subarray(76)
        .equals(ciphertextBefore),
    ).toBe(true);

    expect(await rotateObjects(store, rotating)).toMatchObject({ checked: 6, current: 6, rewrapped: 0, encrypted: 0 });
  });
});

describe("configured storage", () => {
  it("is the local directory STORAGE_DIR by default, encrypted under DATA_ENCRYPTION_KEY", async () => {
    const { bytes, marker } = evidence();
    const stored = await storage().put(bytes);
    const raw = Buffer.from(await localStore(process.env.STORAGE_DIR!).read(stored.key));
    expect(raw.includes(marker)).toBe(false);
    expect(sealedKeyId(raw)).toBe(before.current.id);
    expect(Buffer.from(await objectStore().read(stored.key)).equals(raw)).toBe(true);
    expect(Buffer.from(await storage().get(stored.key)).equals(Buffer.from(bytes))).toBe(true);
    await storage().delete(stored.key);
  });
});

describe("npx tsx scripts/rotate-data-key.ts", () => {
  const slot = Number(process.env.TEST_SLOT ?? 0);
  const databaseUrl = `postgresql://postgres@127.0.0.1:5432/rubrica_rotate_key${slot ? `_${slot}` : ""}`;

  beforeAll(async () => {
    await recreateDatabase(databaseUrl);
    migrateDatabase({ DATABASE_URL: databaseUrl });
  }, 180_000);

  // Asynchronously: the S3 server answers from this process, which a synchronous spawn would block.
  function rotate(env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        "npx",
        ["tsx", "scripts/rotate-data-key.ts"],
        { env: { ...process.env, ...s3.env, DATABASE_URL: databaseUrl, ...env }, encoding: "utf8", timeout: 120_000 },
        (error, stdout, stderr) => resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
      );
    });
  }

  it("moves the S3 bucket's objects and the database's secrets to the new key; with the old key gone it refuses to guess", async () => {
    const store = s3Store(s3Client(s3.settings), s3.settings.bucket);
    for await (const key of store.keys()) await store.delete(key);
    const { bytes } = evidence();
    const stored = await sealedStorage(store, () => before).put(bytes);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`INSERT INTO "ConfigValue" (name, value, "updatedAt") VALUES ('callback_secret', $1, now())`, [
        encryptSecret("callback-secret-value"),
      ]);
      // The generated development seal certificate's row (lib/pdf/development-store.ts): its key is sealed too.
      await client.query(`INSERT INTO "ConfigValue" (name, value, "updatedAt") VALUES ($1, $2, now())`, [
        developmentRowNames.seal,
        JSON.stringify({ v: 1, certificate: "", privateKey: encryptSecret("development-key-pem") }),
      ]);

      const run = await rotate({ DATA_ENCRYPTION_KEY: newKey, DATA_ENCRYPTION_PREVIOUS_KEYS: configuredKey });
      expect(run.status, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as { objects: Record<string, number>; secrets: Record<string, number> };
      expect(report.objects).toMatchObject({ checked: 1, rewrapped: 1, unknownKey: 0 });
      expect(report.secrets).toMatchObject({ checked: 2, reencrypted: 2, unknownKey: 0 });

      expect(Buffer.from(await sealedStorage(store, () => after).get(stored.key)).equals(Buffer.from(bytes))).toBe(true);
      const { rows } = await client.query<{ value: string }>(`SELECT value FROM "ConfigValue" WHERE name = 'callback_secret'`);
      const value = rows[0]!.value;
      expect(reencryptSecret(value, after)).toBe(value); // opens under the new key alone, already current
      expect(reencryptSecret(value, before)).toBe(null); // and not under the old one
      const development = await client.query<{ value: string }>(`SELECT value FROM "ConfigValue" WHERE name = $1`, [
        developmentRowNames.seal,
      ]);
      const developmentKey = (JSON.parse(development.rows[0]!.value) as { privateKey: string }).privateKey;
      expect([reencryptSecret(developmentKey, after), reencryptSecret(developmentKey, before)]).toEqual([developmentKey, null]);

      // Again, with only the new key: nothing to do.
      const again = await rotate({ DATA_ENCRYPTION_KEY: newKey, DATA_ENCRYPTION_PREVIOUS_KEYS: "" });
      expect(again.status, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ objects: { current: 1, rewrapped: 0 }, secrets: { reencrypted: 0 } });

      // A third key without the second listed as previous: the object is left alone and the run fails, naming it.
      const lost = await rotate({ DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"), DATA_ENCRYPTION_PREVIOUS_KEYS: "" });
      expect(lost.status).toBe(1);
      expect(lost.stderr).toContain(stored.key);
      expect(Buffer.from(await sealedStorage(store, () => after).get(stored.key)).equals(Buffer.from(bytes))).toBe(true);
    } finally {
      await client.end();
    }
  }, 240_000);
});
