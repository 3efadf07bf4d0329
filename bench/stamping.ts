// Cost of stamping 10,000 and 100,000 evidence hashes, each in one batch: Merkle tree and proofs, the batch's
// rows written by the job's own writeBatch (one database transaction, multi-row statements), and the one
// transaction on a local hardhat node (started here on 127.0.0.1:18600, stopped at the end).
// Run: npx tsx bench/stamping.ts [evidences...]  (default 10000 100000; uses DATABASE_URL from .env; creates and
// removes its rows). It does not run the whole job, which would also take any real evidence waiting in that database.
import "dotenv/config";
import { randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { formatEther, formatUnits } from "ethers";
import { db } from "@/lib/db/client";
import { broadcast, chainClient, rootFromData, signStamp, waitMined } from "@/lib/stamping/chain";
import { buildMerkleTree, merkleProof, verifyMerkleProof, type ProofStep } from "@/lib/stamping/merkle";
import { hardhatDevKey, networkCatalog } from "@/lib/stamping/networks";
import { writeBatch } from "@/lib/stamping/stamp-pending";
import { hardhatNode } from "../tests/support/hardhat-node";

const counts = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [10_000, 100_000];

async function main() {
  const node = hardhatNode(18600);
  await node.start();
  try {
    for (const count of counts) await stampingRun(count, node.url);
  } finally {
    await node.stop();
  }
}

async function stampingRun(count: number, nodeUrl: string) {
  const tag = `bench-stamping-${randomUUID()}`;
  let root: string | null = null;
  try {
    // The evidences to stamp, made by PostgreSQL in one statement (Prisma's createMany takes minutes for 100,000 rows).
    await db.$executeRaw`
      INSERT INTO "Evidence" ("kind", "storageKey", "mimeType", "size", "sha256")
      SELECT 'EVIDENCE', ${tag} || '/' || i, 'image/jpeg', 1, encode(sha256(convert_to(${tag} || '-' || i, 'UTF8')), 'hex')
      FROM generate_series(0, ${count} - 1) AS i`;
    const evidences = await db.evidence.findMany({
      where: { storageKey: { startsWith: `${tag}/` } },
      orderBy: { id: "asc" },
      select: { id: true, kind: true, sha256: true },
    });

    let started = performance.now();
    const tree = buildMerkleTree(evidences.map((e) => e.sha256));
    root = tree.root;
    const treeMs = performance.now() - started;
    started = performance.now();
    const proofs = evidences.map((_, i) => merkleProof(tree, i));
    const proofsMs = performance.now() - started;

    started = performance.now();
    const batchId = await writeBatch(tree, evidences);
    const recordMs = performance.now() - started;
    const written = await db.stampingRecord.count({ where: { batchId } });
    const sample = await db.stampingRecord.findFirst({ where: { batchId }, orderBy: { evidenceId: "desc" }, include: { evidence: true } });
    const stored = sample?.merkleProof as { path: ProofStep[] } | undefined;
    if (written !== count || !sample || !stored || !verifyMerkleProof(sample.evidence.sha256, stored, tree.root))
      throw new Error(`the batch's records were not written as expected (${written} of ${count})`);

    const client = chainClient({ ...networkCatalog().local, rpcUrl: nodeUrl }, hardhatDevKey);
    started = performance.now();
    const signed = await signStamp(client, tree.root);
    await broadcast(client, signed.raw);
    const mined = await waitMined(client, signed.hash, 30_000);
    const sendMs = performance.now() - started;
    const tx = await client.provider.getTransaction(signed.hash);
    client.close();
    if (mined?.state !== "mined" || rootFromData(tx?.data ?? "") !== tree.root) throw new Error("the stamp was not mined with the root");

    started = performance.now();
    const allValid = evidences.every((e, i) => verifyMerkleProof(e.sha256, proofs[i] ?? { path: [] }, tree.root));
    const verifyMs = performance.now() - started;

    const maxPath = Math.max(...proofs.map((p) => p.path.length));
    console.log(`evidences                     ${count} (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
    console.log(`Merkle tree                   ${treeMs.toFixed(1)} ms`);
    console.log(`all proofs                    ${proofsMs.toFixed(1)} ms (proof length ≤ ${maxPath} steps)`);
    // A proof is its steps: a 32-byte sibling and a side each; as stored (JSON) and as a verifier needs it (binary).
    const jsonBytes = proofs.map((proof) => Buffer.byteLength(JSON.stringify(proof.path)));
    const meanJson = jsonBytes.reduce((a, b) => a + b, 0) / jsonBytes.length;
    console.log(
      `proof size                    ${meanJson.toFixed(0)} bytes as stored (JSON, mean), ${maxPath * 33} bytes binary (${maxPath} × (32 + 1))`,
    );
    console.log(`batch + records in PostgreSQL ${recordMs.toFixed(1)} ms (writeBatch: proofs as JSON, one transaction)`);
    console.log(`transactions                  1 (${sendMs.toFixed(1)} ms to sign, send and mine on hardhat)`);
    console.log(`gas used                      ${mined.gasUsed} → ${(Number(mined.gasUsed) / count).toFixed(2)} gas per evidence`);
    console.log(
      `fee                           ${formatEther(mined.fee)} ETH → ${formatUnits(mined.fee / BigInt(count), "gwei")} gwei per evidence (hardhat's gas price)`,
    );
    console.log(`verify all proofs             ${verifyMs.toFixed(1)} ms (${allValid ? "all valid" : "INVALID"})`);
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
