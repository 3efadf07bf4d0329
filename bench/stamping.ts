// Cost of stamping 10,000 and 100,000 evidence hashes, each in one batch, phase by phase: reading the waiting
// evidences (as openBatch does), the Merkle tree, the proofs as JSON text, the batch's rows written by the job's own
// writeBatch (one database transaction: one COPY FROM STDIN, the rows made while PostgreSQL stores them), and the one
// transaction on a local hardhat node (started here on 127.0.0.1:18600, stopped at the end). Goal (issue 17, item 8):
// 100,000 evidences in one batch, proofs of at most 17 steps, the records written in ≤ 10 s on this machine.
//
// Run: npx tsx bench/stamping.ts [--compare] [evidences...]  (default 10000 100000; uses DATABASE_URL from .env, e.g.
// DATABASE_URL=postgresql://postgres@127.0.0.1:5432/rubrica_test_1 for a migrated test database; creates and removes its
// rows). --compare also times the former write (multi-row INSERT … json_to_recordset, 10,000 rows a statement) through
// Prisma and through a plain pg connection, each in a transaction rolled back: Prisma's share of it.
// CPU seconds are printed beside the wall clock: on a shared, loaded machine they say what the work costs.
// The job itself is not run: it would also take any real evidence waiting in that database.
import "dotenv/config";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { isDeepStrictEqual } from "node:util";
import { formatEther, formatUnits } from "ethers";
import { db, withConnection } from "@/lib/db/client";
import { broadcast, chainClient, rootFromData, signStamp, waitMined } from "@/lib/stamping/chain";
import { buildMerkleTree, merkleProof, merkleProofJson, verifyMerkleProof, type MerkleTree } from "@/lib/stamping/merkle";
import { hardhatDevKey, networkCatalog } from "@/lib/stamping/networks";
import { writeBatch, type BatchEvidence } from "@/lib/stamping/stamp-pending";
import { hardhatNode } from "../tests/support/hardhat-node";

const args = process.argv.slice(2);
const compare = args.includes("--compare");
const counts = args.filter((a) => a !== "--compare").map(Number);
if (counts.length === 0) counts.push(10_000, 100_000);
const goalSeconds = 10;
const goalSteps = 17;

async function main() {
  const node = hardhatNode(18600);
  await node.start();
  try {
    for (const count of counts) await stampingRun(count, node.url);
  } finally {
    await node.stop();
  }
}

/** CPU seconds used so far by this process, and by each client backend of the database (PostgreSQL on this machine). */
async function cpuSeconds(): Promise<{ client: number; server: Map<number, number> | null }> {
  const own = process.cpuUsage();
  const pids = await db.$queryRaw<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`;
  const server = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      // /proc/<pid>/stat: after the command's parenthesis, fields 14 and 15 (utime, stime) in clock ticks (100 a second).
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      server.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      return { client: (own.user + own.system) / 1e6, server: null }; // PostgreSQL elsewhere, or its processes not readable
    }
  }
  return { client: (own.user + own.system) / 1e6, server };
}

type Phase = { name: string; ms: number; client: number; server: number | null; note?: string };

async function timed<T>(phases: Phase[], name: string, work: () => Promise<T> | T, note?: (result: T) => string): Promise<T> {
  const before = await cpuSeconds();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  const after = await cpuSeconds();
  let server: number | null = null;
  if (before.server && after.server) {
    server = 0;
    for (const [pid, seconds] of after.server) server += seconds - (before.server.get(pid) ?? 0);
  }
  phases.push({ name, ms, client: after.client - before.client, server, note: note?.(result) });
  return result;
}

const formerChunk = 10_000;
const formerRows = (tree: MerkleTree, evidences: readonly BatchEvidence[], start: number) =>
  JSON.stringify(
    evidences.slice(start, start + formerChunk).map((evidence, offset) => ({
      evidenceId: evidence.id,
      kind: evidence.kind,
      merkleProof: { ...merkleProof(tree, start + offset), evidenceSha256: evidence.sha256 },
    })),
  );
const formerInsert = `INSERT INTO "StampingRecord" ("evidenceId", "kind", "batchId", "merkleProof")
  SELECT r."evidenceId", r."kind", $1, r."merkleProof"
  FROM json_to_recordset($2::json) AS r("evidenceId" integer, "kind" "EvidenceKind", "merkleProof" jsonb)`;
class RolledBack extends Error {}

async function stampingRun(count: number, nodeUrl: string) {
  const tag = `bench-stamping-${randomUUID()}`;
  const phases: Phase[] = [];
  let root: string | null = null;
  try {
    // The evidences to stamp, made by PostgreSQL in one statement (Prisma's createMany takes minutes for 100,000 rows).
    await db.$executeRaw`
      INSERT INTO "Evidence" ("kind", "storageKey", "mimeType", "size", "sha256")
      SELECT 'EVIDENCE', ${tag} || '/' || i, 'image/jpeg', 1, encode(sha256(convert_to(${tag} || '-' || i, 'UTF8')), 'hex')
      FROM generate_series(0, ${count} - 1) AS i`;
    const load = loadavg()[0]!;

    const evidences = await timed(phases, "read the waiting evidences", () =>
      db.evidence.findMany({
        where: { storageKey: { startsWith: `${tag}/` } },
        orderBy: { id: "asc" },
        select: { id: true, kind: true, sha256: true },
      }),
    );
    const tree = await timed(phases, "Merkle tree", () => buildMerkleTree(evidences.map((e) => e.sha256)));
    root = tree.root;
    // Leaf 0 has a sibling on every level with two nodes or more: its proof is the longest.
    const steps = merkleProof(tree, 0).path.length;
    const depth = Math.ceil(Math.log2(count));
    await timed(
      phases,
      "proofs as JSON text (alone)",
      () => {
        const proofJson = merkleProofJson(tree);
        let bytes = 0;
        for (let i = 0; i < evidences.length; i++) bytes += proofJson(i, { evidenceSha256: evidences[i]!.sha256 }).length;
        return bytes;
      },
      (bytes) => `${(bytes / 1e6).toFixed(0)} MB, ${(bytes / count).toFixed(0)} bytes a proof`,
    );

    if (compare) {
      for (const via of ["Prisma", "pg"] as const) {
        await timed(phases, `former write via ${via} (rolled back)`, async () => {
          const write = async (run: (sql: string, values: unknown[]) => Promise<unknown>) => {
            await run(`INSERT INTO "StampBatch" ("merkleRoot") VALUES ($1)`, [tree.root]);
            const [{ id }] = (await run(`SELECT "id" FROM "StampBatch" WHERE "merkleRoot" = $1`, [tree.root])) as [{ id: number }];
            for (let start = 0; start < count; start += formerChunk) await run(formerInsert, [id, formerRows(tree, evidences, start)]);
          };
          if (via === "Prisma") {
            await db
              .$transaction(
                async (tx) => {
                  await write((sql, values) => tx.$queryRawUnsafe(sql, ...values));
                  throw new RolledBack();
                },
                { timeout: 600_000 },
              )
              .catch((error: unknown) => {
                if (!(error instanceof RolledBack)) throw error;
              });
          } else {
            await withConnection(async (connection) => {
              await connection.query("BEGIN");
              try {
                await write(async (sql, values) => (await connection.query(sql, values)).rows);
              } finally {
                await connection.query("ROLLBACK");
              }
            });
          }
        });
      }
    }

    const batchId = await timed(phases, "writeBatch: batch + records (COPY)", () => writeBatch(tree, evidences));
    const write = phases.at(-1)!;
    const written = await db.stampingRecord.count({ where: { batchId } });
    // A sample of the stored proofs, read back: each exactly the proof merkleProof gives, and valid.
    const sampleEvery = Math.max(1, Math.floor(count / 1000));
    const sample = await db.stampingRecord.findMany({
      where: { batchId, evidenceId: { in: evidences.filter((_, i) => i % sampleEvery === 0 || i === count - 1).map((e) => e.id) } },
      include: { evidence: true },
    });
    const index = new Map(evidences.map((e, i) => [e.id, i]));
    const sampleOk =
      sample.length > 0 &&
      sample.every((record) => {
        const i = index.get(record.evidenceId)!;
        const expected = { ...merkleProof(tree, i), evidenceSha256: record.evidence.sha256 };
        return isDeepStrictEqual(record.merkleProof, expected) && verifyMerkleProof(record.evidence.sha256, expected, tree.root);
      });
    if (written !== count || !sampleOk) throw new Error(`the batch's records were not written as expected (${written} of ${count})`);

    const client = chainClient({ ...networkCatalog().local, rpcUrl: nodeUrl }, hardhatDevKey);
    const started = performance.now();
    const signed = await signStamp(client, tree.root);
    await broadcast(client, signed.raw);
    const mined = await waitMined(client, signed.hash, 30_000);
    const sendMs = performance.now() - started;
    const tx = await client.provider.getTransaction(signed.hash);
    client.close();
    if (mined?.state !== "mined" || rootFromData(tx?.data ?? "") !== tree.root) throw new Error("the stamp was not mined with the root");

    const seconds = (ms: number) => (ms / 1000).toFixed(2).padStart(7);
    const cpu = (s: number | null) => (s === null ? "    n/a" : s.toFixed(2).padStart(7));
    console.log(
      `\nevidences ${count} (load average ${load.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} now, on ${cpus().length} cores)`,
    );
    console.log(`${"phase".padEnd(40)}    wall s  this CPU s  PostgreSQL CPU s`);
    for (const phase of phases)
      console.log(
        `${phase.name.padEnd(40)} ${seconds(phase.ms)}  ${cpu(phase.client)}     ${cpu(phase.server)}${phase.note ? `   ${phase.note}` : ""}`,
      );
    console.log(
      `proof length                             ≤ ${steps} steps (⌈log2 ${count}⌉ = ${depth}; goal ≤ ${goalSteps}: ${steps <= goalSteps ? "met" : "NOT met"})`,
    );
    console.log(
      `records written                          ${written} in one transaction (${sample.length} read back: ${sampleOk ? "exact and valid" : "WRONG"})`,
    );
    const treeAndWrite = phases.filter((p) => p.name === "Merkle tree" || p === write).reduce((sum, p) => sum + p.ms, 0);
    console.log(
      `goal: records written in ≤ ${goalSeconds} s         ${(write.ms / 1000).toFixed(2)} s → ${write.ms <= goalSeconds * 1000 ? "met" : "NOT met"} ` +
        `(tree + write ${(treeAndWrite / 1000).toFixed(2)} s; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
    );
    console.log(`transactions                             1 (${sendMs.toFixed(1)} ms to sign, send and mine on hardhat)`);
    console.log(
      `gas used                                 ${mined.gasUsed} → ${(Number(mined.gasUsed) / count).toFixed(2)} gas per evidence`,
    );
    console.log(
      `fee                                      ${formatEther(mined.fee)} ETH → ${formatUnits(mined.fee / BigInt(count), "gwei")} gwei per evidence (hardhat's gas price)`,
    );
  } finally {
    await db.stampingRecord.deleteMany({ where: { evidence: { storageKey: { startsWith: `${tag}/` } } } });
    await db.evidence.deleteMany({ where: { storageKey: { startsWith: `${tag}/` } } });
    if (root) await db.stampBatch.deleteMany({ where: { merkleRoot: root } });
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => void db.$disconnect());
