import { execFile, spawn } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { developmentCredentials, type SigningCredentials } from "@/lib/pdf/credentials";
import { developmentRowNames, legacyFileNames } from "@/lib/pdf/development-store";
import { decryptSecret } from "@/lib/security/encryption";
import { scratchDatabase } from "../support/database";

/**
 * Issue 13 item 5: without PDF_SIGNING_P12_* and PDF_SIGNER_CA_P12_*, the generated development seal certificate and
 * signer CA are the same for every process on every node (kept in the database, the private key sealed with
 * DATA_ENCRYPTION_KEY), not one per node's disk. Separate processes (tests/support/development-credentials-child.ts)
 * with one database and distinct STORAGE_DIRs ask at the same moment. A file kept on disk by an earlier version is
 * imported once, so an existing installation keeps sealing with the certificate it had. A database of its own, so
 * that no other test file (a backup, another seal) sees these global rows.
 */

const slot = Number(process.env.TEST_SLOT ?? 0);
const databaseUrl = `postgresql://postgres@127.0.0.1:5432/rubrica_dev_credentials${slot ? `_${slot}` : ""}`;
let client: pg.Client;
let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;

type Described = { fingerprint: string; subject: string; keyMatches: boolean };
type Answer = { seal: Described; signerCa: Described };

let workDir: string;
const rowNames = Object.values(developmentRowNames);

function run(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "npx",
      ["tsx", ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl, ...env }, encoding: "utf8", timeout: 120_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${args.join(" ")} failed: ${stderr}`)) : resolve(stdout.trim().split("\n").at(-1)!),
    );
  });
}

/**
 * Processes on nodes of their own (their own STORAGE_DIR), outside tests (NODE_ENV=development): each loads its code,
 * and once all have, all are told to ask at the same moment.
 */
async function nodes(storageDirs: string[]): Promise<Answer[]> {
  const children = storageDirs.map((dir) =>
    spawn("npx", ["tsx", "tests/support/development-credentials-child.ts"], {
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "development", STORAGE_DIR: dir },
      stdio: ["pipe", "pipe", "pipe"],
    }),
  );
  const outputs = children.map((child) => {
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const ready = new Promise<void>((resolve) => child.stdout.on("data", () => stdout.includes("ready\n") && resolve()));
    const done = new Promise<string>((resolve, reject) =>
      child.on("close", (code) => (code === 0 ? resolve(stdout.trim().split("\n").at(-1)!) : reject(new Error(`child failed: ${stderr}`)))),
    );
    return { ready, done };
  });
  await Promise.all(outputs.map((output) => Promise.race([output.ready, output.done])));
  for (const child of children) child.stdin.end("go\n");
  return (await Promise.all(outputs.map((output) => output.done))).map((answer) => JSON.parse(answer) as Answer);
}

async function rows(): Promise<{ id: number; name: string; value: string }[]> {
  const result = await client.query<{ id: number; name: string; value: string }>(
    `SELECT id, name, value FROM "ConfigValue" WHERE "organizationId" IS NULL AND name = ANY($1) ORDER BY id`,
    [rowNames],
  );
  return result.rows;
}

const deleteRows = () => client.query(`DELETE FROM "ConfigValue" WHERE "organizationId" IS NULL AND name = ANY($1)`, [rowNames]);

const pem = (credentials: SigningCredentials) =>
  new X509Certificate(credentials.certificate).toString() + credentials.privateKey.export({ format: "pem", type: "pkcs8" }).toString();

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "rubrica-dev-credentials-"));
  scratch = await scratchDatabase(databaseUrl);
  client = scratch.client;
}, 180_000);

afterAll(async () => {
  await scratch?.drop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe("generated development credentials on several nodes", () => {
  it("are created once and every process, whatever its node, seals and certifies with the same ones", async () => {
    const dirs = [path.join(workDir, "node-a"), path.join(workDir, "node-b"), path.join(workDir, "node-c")];
    const answers = await nodes(dirs);
    const [first] = answers;
    expect(first!.seal.subject).toContain("DEVELOPMENT - NOT VALID");
    expect(first!.signerCa.subject).toContain("DEVELOPMENT SIGNER CA - NOT VALID");
    for (const answer of answers) {
      expect(answer.seal.fingerprint).toBe(first!.seal.fingerprint);
      expect(answer.signerCa.fingerprint).toBe(first!.signerCa.fingerprint);
      expect([answer.seal.keyMatches, answer.signerCa.keyMatches]).toEqual([true, true]);
    }
    expect(first!.seal.fingerprint).not.toBe(first!.signerCa.fingerprint);

    // One row per kind; the private key is sealed with the data key, not stored as it is.
    const stored = await rows();
    expect(stored.map((row) => row.name).sort()).toEqual([...rowNames].sort());
    for (const row of stored) {
      expect(row.value).not.toContain("PRIVATE KEY");
      const { certificate, privateKey } = JSON.parse(row.value) as { certificate: string; privateKey: string };
      expect(decryptSecret(privateKey)).toContain("-----BEGIN PRIVATE KEY-----");
      const fingerprint = new X509Certificate(Buffer.from(certificate, "base64")).fingerprint256;
      expect(fingerprint).toBe(row.name === developmentRowNames.seal ? first!.seal.fingerprint : first!.signerCa.fingerprint);
    }
    // Nothing on the nodes' disks.
    for (const dir of dirs) await expect(readdir(dir)).rejects.toThrow(/ENOENT/);

    // A restarted process reads them again.
    const [later] = await nodes([path.join(workDir, "node-d")]);
    expect(later).toEqual(first);
  }, 180_000);

  it("imports once the certificates an earlier version kept on a node's disk, and every node then uses them", async () => {
    await deleteRows();
    const upgraded = path.join(workDir, "upgraded");
    const seal = await developmentCredentials();
    const signerCa = await developmentCredentials(); // any key pair: the file's certificate is what must be kept
    await mkdir(path.join(upgraded, "pdf-signing"), { recursive: true });
    await writeFile(path.join(upgraded, "pdf-signing", legacyFileNames.seal), pem(seal), { mode: 0o600 });
    await writeFile(path.join(upgraded, "pdf-signing", legacyFileNames.signerCa), pem(signerCa), { mode: 0o600 });
    const expected = {
      seal: new X509Certificate(seal.certificate).fingerprint256,
      signerCa: new X509Certificate(signerCa.certificate).fingerprint256,
    };

    const [imported] = await nodes([upgraded]);
    expect([imported!.seal.fingerprint, imported!.signerCa.fingerprint]).toEqual([expected.seal, expected.signerCa]);
    const afterImport = await rows();
    expect(afterImport).toHaveLength(2);

    // The node with the file restarted, and a node without one: the same certificates, not imported again.
    const answers = await nodes([upgraded, path.join(workDir, "new-node")]);
    for (const answer of answers)
      expect([answer.seal.fingerprint, answer.signerCa.fingerprint]).toEqual([expected.seal, expected.signerCa]);
    expect(await rows()).toEqual(afterImport);

    // What scripts/restore.sh runs for an old backup's pdf-signing.tar: the database already has them.
    const outcome = await run(["scripts/backup-parts.ts", "import-development-credentials", path.join(upgraded, "pdf-signing")], {});
    expect(JSON.parse(outcome)).toEqual({ seal: "present", signerCa: "present" });
    expect(await rows()).toEqual(afterImport);
  }, 180_000);

  it("scripts/backup-parts.ts imports an old backup's certificates into a database without them, and never generates", async () => {
    await deleteRows();
    const empty = path.join(workDir, "no-files");
    expect(JSON.parse(await run(["scripts/backup-parts.ts", "import-development-credentials", empty], {}))).toEqual({
      seal: "none",
      signerCa: "none",
    });
    expect(await rows()).toEqual([]);

    const unpacked = path.join(workDir, "old-backup", "pdf-signing");
    const seal = await developmentCredentials();
    await mkdir(unpacked, { recursive: true });
    await writeFile(path.join(unpacked, legacyFileNames.seal), pem(seal));
    expect(JSON.parse(await run(["scripts/backup-parts.ts", "import-development-credentials", unpacked], {}))).toEqual({
      seal: "imported",
      signerCa: "none",
    });
    const [answer] = await nodes([path.join(workDir, "restored-node")]);
    expect(answer!.seal.fingerprint).toBe(new X509Certificate(seal.certificate).fingerprint256);
  }, 180_000);
});
