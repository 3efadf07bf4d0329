import { execFile } from "node:child_process";
import { randomBytes, X509Certificate } from "node:crypto";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { developmentCredentials } from "@/lib/pdf/credentials";
import { developmentRowNames, legacyFileNames } from "@/lib/pdf/development-store";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { buildMerkleTree, merkleProof } from "@/lib/stamping/merkle";
import { s3Client, s3Store } from "@/lib/storage/s3-store";
import { recreateDatabase } from "../support/database";
import { createTestOrganization } from "../support/fixtures";
import { startS3Server } from "../support/s3-server";
import { createSentShipment, signStep } from "../support/signing";

/**
 * Backups (issue 13, item 6): scripts/backup.sh of this installation (local storage), scripts/restore.sh into a
 * fresh database and a fresh S3 bucket, and /validateDocs's code, run against the restored copy, still verifies the
 * sealed document and every evidence's Merkle proof. A restore under another data key is refused before it changes
 * anything, and so is one into a database that is not fresh.
 */

const slot = Number(process.env.TEST_SLOT ?? 0);
const restoredUrl = `postgresql://postgres@127.0.0.1:5432/rubrica_restored${slot ? `_${slot}` : ""}`;
const refusedUrl = `postgresql://postgres@127.0.0.1:5432/rubrica_restore_refused${slot ? `_${slot}` : ""}`;
const olderUrl = `postgresql://postgres@127.0.0.1:5432/rubrica_restored_older${slot ? `_${slot}` : ""}`;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let backupParent: string;
let backup: string;
let hexId: string;

type Run = { status: number | null; stdout: string; stderr: string };

// Asynchronously: the S3 server answers from this process, which a synchronous spawn would block.
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { env: { ...process.env, ...env }, encoding: "utf8", timeout: 240_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

async function databaseExists(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: restoredUrl.replace(/\/[^/]+$/, "/postgres") });
  await client.connect();
  try {
    const name = new URL(url).pathname.slice(1);
    return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

async function dropDatabase(url: string): Promise<void> {
  await recreateDatabase(url);
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, "/postgres") });
  await client.connect();
  await client.query(`DROP DATABASE "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  await client.end();
}

beforeAll(async () => {
  s3 = await startS3Server("restored");
  backupParent = await mkdtemp(path.join(tmpdir(), "rubrica-backups-"));
  await dropDatabase(restoredUrl);
  await dropDatabase(refusedUrl);
  await dropDatabase(olderUrl);

  // A sealed shipment of two signers whose evidence is stamped (the records the stamping job writes, with a
  // made-up transaction: the chain path is tests/integration/stamping.test.ts's).
  const org = await createTestOrganization();
  const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
  for (const signer of signers) expect((await signStep(signer.hexId, signer.secret!)).body.finished).toBe(true);
  expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
  hexId = document.hexId;
  const evidences = await db.evidence.findMany({ where: { signer: { documentId: document.id } }, orderBy: { id: "asc" } });
  expect(evidences.length).toBeGreaterThan(1);
  const tree = buildMerkleTree(evidences.map((evidence) => evidence.sha256));
  const txId = `0x${randomBytes(32).toString("hex")}`;
  const batch = await db.stampBatch.create({
    data: { merkleRoot: tree.root, status: "CONFIRMED", localTx: txId, confirmedAt: new Date() },
  });
  await db.stampingRecord.createMany({
    data: evidences.map((evidence, index) => ({
      evidenceId: evidence.id,
      kind: evidence.kind,
      batchId: batch.id,
      code: 200,
      ethTrxid: txId,
      merkleProof: { ...merkleProof(tree, index), evidenceSha256: evidence.sha256 },
    })),
  });

  const made = await run("bash", ["scripts/backup.sh", backupParent]);
  expect(made.status, made.stderr).toBe(0);
  backup = made.stdout.trim().split("\n").at(-1)!;
}, 600_000);

afterAll(async () => {
  await s3?.stop();
  if (backupParent) await rm(backupParent, { recursive: true, force: true });
  await closeProducers();
});

describe("scripts/backup.sh and scripts/restore.sh", () => {
  it("records the data key's fingerprint, never the key, and keeps the files encrypted", async () => {
    const manifest = JSON.parse(await readFile(path.join(backup, "manifest.json"), "utf8")) as {
      dataKeyFingerprint: string;
      objects: { count: number };
    };
    expect(manifest.dataKeyFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.objects.count).toBeGreaterThan(0);
    const { stdout } = await run("grep", ["-rlF", process.env.DATA_ENCRYPTION_KEY!, backup]);
    expect(stdout).toBe("");
  });

  it("refuses another data key and leaves the target untouched", async () => {
    const refused = await run("bash", ["scripts/restore.sh", backup], {
      ...s3.env,
      DATABASE_URL: refusedUrl,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("not the backup's data key");
    expect(await databaseExists(refusedUrl)).toBe(false);
    for await (const key of s3Store(s3Client(s3.settings), s3.settings.bucket).keys()) expect.fail(`restored ${key} anyway`);
  }, 300_000);

  it("restores into a fresh database and S3 bucket where /validateDocs still verifies the sealed document and its proofs", async () => {
    const restoredEnv = { ...s3.env, DATABASE_URL: restoredUrl };
    const restored = await run("bash", ["scripts/restore.sh", backup], restoredEnv);
    expect(restored.status, restored.stderr).toBe(0);

    const original = await run("npx", ["tsx", "tests/support/validate-restored.ts", hexId]);
    const copy = await run("npx", ["tsx", "tests/support/validate-restored.ts", hexId], restoredEnv);
    expect(copy.status, copy.stderr).toBe(0);
    const shown = JSON.parse(copy.stdout) as {
      state: string;
      status: string;
      brokenAt: unknown;
      stamping: string;
      proofs: { proofValid: boolean | null }[];
      evidenceFiles: boolean[];
      signatures: number[];
      sealedFiles: boolean[];
    };
    expect(shown).toMatchObject({ state: "available", brokenAt: null, stamping: "stamped" });
    expect(shown.proofs.length).toBeGreaterThan(1);
    expect(shown.proofs.every((proof) => proof.proofValid === true)).toBe(true);
    expect(shown.evidenceFiles.every(Boolean)).toBe(true);
    expect(shown.sealedFiles).toEqual([true]);
    expect(shown.signatures[0]).toBeGreaterThanOrEqual(2);
    // The restored copy shows exactly what the original shows.
    expect(shown).toEqual(JSON.parse(original.stdout));

    // The files went into the bucket as they were in the backup: encrypted.
    const store = s3Store(s3Client(s3.settings), s3.settings.bucket);
    let count = 0;
    for await (const key of store.keys()) {
      count++;
      expect(
        Buffer.from(await store.read(key))
          .subarray(0, 8)
          .toString("latin1"),
      ).toBe("\0RBKENC\x01");
    }
    expect(count).toBeGreaterThan(0);

    // A second restore into the now non-empty database is refused.
    const again = await run("bash", ["scripts/restore.sh", backup], restoredEnv);
    expect(again.status).toBe(4);
    expect(again.stderr).toContain("restore into a fresh one");
  }, 600_000);

  it("restores a backup of an earlier version whose development certificate is in pdf-signing.tar into the database", async () => {
    // Earlier versions kept the generated certificates on disk and archived them as pdf-signing.tar.
    const older = path.join(backupParent, "older-version");
    await cp(backup, older, { recursive: true });
    const seal = await developmentCredentials();
    await mkdir(path.join(older, "unpacked", "pdf-signing"), { recursive: true });
    const pemText = new X509Certificate(seal.certificate).toString() + seal.privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    await writeFile(path.join(older, "unpacked", "pdf-signing", legacyFileNames.seal), pemText, { mode: 0o600 });
    expect((await run("tar", ["-C", path.join(older, "unpacked"), "-cf", path.join(older, "pdf-signing.tar"), "pdf-signing"])).status).toBe(
      0,
    );
    await rm(path.join(older, "unpacked"), { recursive: true });
    // The list is written while find runs: SHA256SUMS itself is left out, as scripts/backup.sh leaves it out.
    expect(
      (await run("bash", ["-c", `cd "${older}" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum > SHA256SUMS`]))
        .status,
    ).toBe(0);

    const storageDir = await mkdtemp(path.join(tmpdir(), "rubrica-restored-older-"));
    try {
      const restored = await run("bash", ["scripts/restore.sh", older], {
        DATABASE_URL: olderUrl,
        STORAGE_DRIVER: "local",
        STORAGE_DIR: storageDir,
      });
      expect(restored.status, restored.stderr).toBe(0);
      expect(restored.stderr).toContain('"seal":"imported"');
      const client = new pg.Client({ connectionString: olderUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ value: string }>(
          `SELECT value FROM "ConfigValue" WHERE "organizationId" IS NULL AND name = $1`,
          [developmentRowNames.seal],
        );
        expect(rows).toHaveLength(1);
        const stored = JSON.parse(rows[0]!.value) as { certificate: string };
        expect(Buffer.from(stored.certificate, "base64").equals(Buffer.from(seal.certificate))).toBe(true);
      } finally {
        await client.end();
      }
    } finally {
      await rm(storageDir, { recursive: true, force: true });
      await dropDatabase(olderUrl);
    }
  }, 600_000);
});
