import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { from as copyFrom } from "pg-copy-streams";
import { z } from "zod";
import { env } from "@/lib/config/env";
import { db, withConnection } from "@/lib/db/client";
import { countStampConfirmation, observeStampBatch } from "@/lib/health/metrics";
import type { EvidenceKind } from "@/lib/db/generated/enums";
import { defineJob } from "@/lib/queue/define-job";
import type { QueuedJob } from "@/lib/queue/enqueue";
import { retryPolicies } from "@/lib/queue/retry-policies";
import { broadcast, chainClient, failureCode, lookUp, signStamp, waitMined, type ChainClient } from "./chain";
import { buildMerkleTree, merkleProofJson, type MerkleTree } from "./merkle";
import { explorerTxLink, networkOfColumn, stampEveryMs, stampingConfig, txColumns, type StampingConfig, type TxColumn } from "./networks";

/**
 * Stamping of evidence hashes (job `stamping.stamp-pending`, queue "stamping").
 *
 * A run: (1) finishes every batch left PENDING/SUBMITTED by an earlier run, then (2) takes evidences
 * without a StampingRecord (oldest first, up to STAMPING_BATCH_SIZE), builds their Merkle tree and,
 * in one database transaction, creates the StampBatch (PENDING) and one StampingRecord per evidence
 * with its proof (code null: not stamped yet). The records claim the evidences (evidenceId is unique),
 * so an evidence is never in two batches. Then, per configured network, ONE transaction carries the
 * root; after 1 confirmation on every network the batch is CONFIRMED and its records get code 200,
 * ethTrxid and the links.
 *
 * Never sending a batch twice: the transaction is signed first (its hash is known before sending),
 * its hash is written to the batch's column for that network (a conditional update: only where the
 * column still holds what this run read), and only then is it broadcast. A run that finds a hash
 * recorded looks it up on the chain: mined → confirmed, pending → waits for it, unknown to the node →
 * the broadcast never happened or the node dropped it (a crash between recording and sending, or a
 * node that was down or restarted), and only then a new transaction is signed and replaces the hash.
 * So a batch without a recorded hash was never sent, and is simply sent. Residual risk, accepted: a
 * transaction that one node has forgotten but that still reaches a block elsewhere puts the same root
 * on chain twice (harmless: both prove the same hashes; the recorded one is the batch's).
 *
 * A network that is down or refuses the sender fails the run (BullMQ retries; the schedule runs again):
 * the batch stays PENDING, its records carry code 503 (unreachable) or 401 (refused) — spec §3 "503 or
 * 401 store only the code" — and nothing is lost.
 */

export const stampingQueue = "stamping";
export const stampPendingJobName = "stamping.stamp-pending";

export const stampPendingPayload = z
  .object({
    /** New batches one run may open (each up to STAMPING_BATCH_SIZE evidences). */
    maxBatches: z.number().int().positive().max(1000).optional(),
  })
  .strict();

// Signers who finish within one window share one early run (and so, usually, one batch). The run starts a
// moment after the window's first signer: their sealed PDF waits for it (awaitEvidenceStamps), so every
// second here is a second more before the shipment is done; a burst still shares runs (one per window).
const soonWindowMs = 1_000;
export const stampSoonDelayMs = 250;

/**
 * A stamping run a few seconds from now, besides the schedule (STAMPING_EVERY_MS): a signer who has
 * just finished gets their evidence on chain in seconds, not at the next scheduled run.
 */
export function stampSoonJob(now = Date.now()): QueuedJob {
  return stampPendingJob.queued({}, { jobId: `stamp-soon-${Math.floor(now / soonWindowMs)}`, delay: stampSoonDelayMs });
}

/**
 * Job stamping.stamp-pending: repeating (STAMPING_EVERY_MS; a no-op while STAMPING_NETWORKS is empty), and enqueued
 * early by stampSoonJob. Early runs are removed once run: a job kept under the window's id would swallow a later
 * signer's request in the same window (BullMQ ignores an id it still holds), leaving their evidence to the next
 * scheduled run.
 */
export const stampPendingJob = defineJob({
  name: stampPendingJobName,
  queue: stampingQueue,
  payload: stampPendingPayload,
  retry: retryPolicies.stamping,
  retention: { removeOnComplete: true, removeOnFail: true },
  everyMs: stampEveryMs,
  handler: async (payload) => stampPending(payload),
});

export type StampPendingResult = {
  skipped?: true;
  batches: { id: number; root: string; evidences: number; tx: Partial<Record<TxColumn, string>> }[];
};

type Options = { config?: StampingConfig; maxBatches?: number };

export async function stampPending(payload: z.infer<typeof stampPendingPayload> = {}, options: Options = {}): Promise<StampPendingResult> {
  const config = options.config ?? stampingConfig();
  if (config.networks.length === 0) return { skipped: true, batches: [] };
  const done: StampPendingResult["batches"] = [];
  const open = await db.stampBatch.findMany({
    where: { status: { in: ["PENDING", "SUBMITTED"] } },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  for (const { id } of open) done.push(await completeBatch(id, config));
  const maxBatches = options.maxBatches ?? payload.maxBatches ?? 10;
  for (let i = 0; i < maxBatches; i++) {
    const batchId = await openBatch(config.batchSize);
    if (batchId === null) break;
    done.push(await completeBatch(batchId, config));
  }
  return { batches: done };
}

/** Claims up to `size` unstamped evidences in a new batch (or the existing batch of the same root); null when none wait. */
export async function openBatch(size: number): Promise<number | null> {
  const evidences = await db.evidence.findMany({
    where: { stamping: null },
    orderBy: { id: "asc" },
    take: size,
    select: { id: true, kind: true, sha256: true },
  });
  if (evidences.length === 0) return null;
  observeStampBatch(evidences.length);
  const tree = buildMerkleTree(evidences.map((e) => e.sha256));
  return writeBatch(tree, evidences);
}

export type BatchEvidence = { id: number; kind: EvidenceKind; sha256: string };

/**
 * In one database transaction: the batch of `tree` (or the existing batch of the same root) and one
 * StampingRecord per evidence (in the tree's leaf order) with its Merkle proof. Returns the batch's id.
 *
 * The records go to PostgreSQL as one COPY FROM STDIN on a connection of the client's pool, inside that
 * connection's own transaction: a batch of STAMPING_BATCH_SIZE (up to 100,000) records is ~190 MB of proofs,
 * which multi-row INSERTs through Prisma took minutes to write (bench/stamping.ts). The rows are made while
 * they are sent, so this process writes the proofs' text while PostgreSQL stores the rows before them. A run
 * that fails or dies midway leaves nothing: the transaction is rolled back (or dropped with its connection),
 * and the evidences, still without a record, wait for the next run.
 */
export async function writeBatch(tree: MerkleTree, evidences: readonly BatchEvidence[]): Promise<number> {
  if (evidences.length !== tree.leaves.length) throw new Error(`${evidences.length} evidences for a tree of ${tree.leaves.length} leaves`);
  return withConnection(async (connection) => {
    await connection.query("BEGIN");
    try {
      // The same hashes in the same order give the same root (e.g. one evidence whose file was stored
      // twice): the stamp already made proves them too, so they join that batch.
      const found = await connection.query<{ id: number }>(`SELECT "id" FROM "StampBatch" WHERE "merkleRoot" = $1`, [tree.root]);
      const batchId =
        found.rows[0]?.id ??
        (await connection.query<{ id: number }>(`INSERT INTO "StampBatch" ("merkleRoot") VALUES ($1) RETURNING "id"`, [tree.root])).rows[0]!
          .id;
      await pipeline(
        Readable.from(recordRows(tree, evidences, batchId)),
        connection.query(copyFrom(`COPY "StampingRecord" ("evidenceId", "kind", "batchId", "merkleProof") FROM STDIN`)),
      );
      await connection.query("COMMIT");
      return batchId;
    } catch (error) {
      // A COPY stopped midway (a refused row, an error while making the rows) has been cancelled by now; whatever
      // the connection's state, withConnection closes it after a failure, and PostgreSQL drops the transaction with it.
      await connection.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
  });
}

// COPY's text format: a row per line, columns separated by tabs, a backslash starts an escape.
const copySpecial = /[\\\t\n\r]/;
const copyEscaped: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const copyText = (text: string) => (copySpecial.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => copyEscaped[c]!) : text);

/** The batch's records as COPY text, a few hundred rows (~1 MB) at a time. */
function* recordRows(tree: MerkleTree, evidences: readonly BatchEvidence[], batchId: number): Generator<string> {
  const proofJson = merkleProofJson(tree);
  let chunk = "";
  for (let index = 0; index < evidences.length; index++) {
    const evidence = evidences[index]!;
    const proof = copyText(proofJson(index, { evidenceSha256: evidence.sha256 }));
    chunk += `${evidence.id}\t${copyText(evidence.kind)}\t${batchId}\t${proof}\n`;
    if (chunk.length >= 1 << 20) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

async function completeBatch(batchId: number, config: StampingConfig): Promise<StampPendingResult["batches"][number]> {
  const batch = await db.stampBatch.findUniqueOrThrow({ where: { id: batchId } });
  if (batch.status !== "CONFIRMED") {
    const clients = config.networks.map((network) => chainClient(network, config.privateKey));
    try {
      for (const client of clients) {
        await stampOn(client, batchId, batch.merkleRoot, config.confirmTimeoutMs).catch((error: unknown) => {
          countStampConfirmation(client.network.name, "failed");
          throw error;
        });
        countStampConfirmation(client.network.name, "confirmed");
      }
      await db.stampBatch.update({ where: { id: batchId }, data: { status: "CONFIRMED", confirmedAt: new Date() } });
    } catch (error) {
      await db.stampingRecord.updateMany({
        where: { batchId, OR: [{ code: null }, { code: { not: 200 } }] },
        data: { code: failureCode(error) },
      });
      throw error;
    } finally {
      for (const client of clients) client.close();
    }
  }
  return finishRecords(batchId, config);
}

/** Makes sure the batch's root is in one confirmed transaction on the client's network, sending it at most once. */
async function stampOn(client: ChainClient, batchId: number, root: string, timeoutMs: number): Promise<void> {
  const column = client.network.column;
  for (let round = 0; round < 3; round++) {
    const row = await db.stampBatch.findUniqueOrThrow({ where: { id: batchId }, select: { [column]: true } as Record<TxColumn, boolean> });
    const recorded = (row as Record<TxColumn, string | null>)[column];
    if (recorded) {
      const found = await lookUp(client, recorded);
      if (found.state === "mined" && found.ok) return;
      if (found.state === "pending") {
        const mined = await waitMined(client, recorded, timeoutMs);
        if (!mined) throw new Error(`Stamp ${recorded} on ${client.network.name} not confirmed within ${timeoutMs} ms`);
        if (mined.state === "mined" && mined.ok) return;
      }
      // Unknown to the node (never sent, dropped, or a reset development chain) or reverted: sign anew.
    }
    const signed = await signStamp(client, root);
    const claimed = await db.stampBatch.updateMany({ where: { id: batchId, [column]: recorded ?? null }, data: { [column]: signed.hash } });
    if (claimed.count === 0) continue; // another run recorded a transaction meanwhile: look at it
    await broadcast(client, signed.raw);
    await db.stampBatch.updateMany({ where: { id: batchId, status: "PENDING" }, data: { status: "SUBMITTED" } });
    const mined = await waitMined(client, signed.hash, timeoutMs);
    if (mined?.state === "mined" && mined.ok) return;
    throw new Error(`Stamp ${signed.hash} on ${client.network.name} not confirmed within ${timeoutMs} ms`);
  }
  throw new Error(`Stamp of batch ${batchId} on ${client.network.name}: the recorded transaction kept changing`);
}

/** Gives the records of a confirmed batch code 200, the transaction id and the links. */
async function finishRecords(batchId: number, config: StampingConfig): Promise<StampPendingResult["batches"][number]> {
  const batch = await db.stampBatch.findUniqueOrThrow({ where: { id: batchId }, include: { _count: { select: { records: true } } } });
  const tx: Partial<Record<TxColumn, string>> = {};
  for (const column of txColumns) if (batch[column]) tx[column] = batch[column] as string;
  const primaryColumn = [...config.networks.map((n) => n.column), ...txColumns].find((column) => batch[column]);
  const ethTrxid = primaryColumn ? (batch[primaryColumn] as string) : null;
  const link = (column: TxColumn) => (batch[column] ? explorerTxLink(networkOfColumn(column), batch[column] as string) : null);
  await db.stampingRecord.updateMany({
    where: { batchId, OR: [{ code: null }, { code: { not: 200 } }] },
    data: {
      code: 200,
      ethTrxid,
      linkLacchain: link("lacchainTx"),
      linkRollux: link("rolluxTx"),
      linkAuditoria: link("localTx"),
      linkStamping: ethTrxid ? `${env().APP_BASE_URL.replace(/\/+$/, "")}/api/signprocess/getStampInfo/${ethTrxid}` : null,
    },
  });
  return { id: batch.id, root: batch.merkleRoot, evidences: batch._count.records, tx };
}
