import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JsonRpcProvider, Network } from "ethers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import type { MerkleProof } from "@/lib/stamping/merkle";
import { hardhatDevKey } from "@/lib/stamping/networks";
import { call } from "../support/http";
import { changes, scrapeMetrics } from "../support/metrics";
import { hardhatNode } from "../support/hardhat-node";

// Blockchain stamping against a real local EVM node (hardhat 2 `node`, started and stopped here).
const slot = Number(process.env.TEST_SLOT ?? 0);
const node = hardhatNode(18545 + slot);
const senderAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"; // hardhat account #0, the dev key's address
let provider: JsonRpcProvider;

type Loaded = {
  runJob: typeof import("@/workers/registry").runJob;
  openBatch: typeof import("@/lib/stamping/stamp-pending").openBatch;
  writeBatch: typeof import("@/lib/stamping/stamp-pending").writeBatch;
  stampPending: typeof import("@/lib/stamping/stamp-pending").stampPending;
  chain: typeof import("@/lib/stamping/chain");
  merkle: typeof import("@/lib/stamping/merkle");
  stampingConfig: typeof import("@/lib/stamping/networks").stampingConfig;
  getStampInfo: typeof import("@/app/api/signprocess/getStampInfo/[trxId]/route").GET;
};
let m: Loaded;

beforeAll(async () => {
  await node.start();
  provider = new JsonRpcProvider(node.url, 31337, { staticNetwork: Network.from(31337) });
  // env() is read once per module load: load the stamping modules under this file's variables.
  vi.stubEnv("STAMPING_NETWORKS", "local");
  vi.stubEnv("STAMPING_PRIVATE_KEY", hardhatDevKey);
  vi.stubEnv("STAMPING_LOCAL_RPC_URL", node.url);
  vi.stubEnv("STAMPING_LOCAL_EXPLORER_URL", "http://explorer.local");
  vi.stubEnv("STAMPING_CONFIRM_TIMEOUT_MS", "10000");
  vi.resetModules();
  const [jobs, stamp, chain, merkle, networks, route] = await Promise.all([
    import("@/workers/registry"),
    import("@/lib/stamping/stamp-pending"),
    import("@/lib/stamping/chain"),
    import("@/lib/stamping/merkle"),
    import("@/lib/stamping/networks"),
    import("@/app/api/signprocess/getStampInfo/[trxId]/route"),
  ]);
  m = {
    runJob: jobs.runJob,
    openBatch: stamp.openBatch,
    writeBatch: stamp.writeBatch,
    stampPending: stamp.stampPending,
    chain,
    merkle,
    stampingConfig: networks.stampingConfig,
    getStampInfo: route.GET,
  };
  // Evidence other files left unstamped goes into this file's first batch; start from a clean slate.
  await m.runJob("stamping.stamp-pending", {});
}, 90_000);

afterAll(async () => {
  provider?.destroy();
  await node.stop();
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function createEvidences(count: number) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    const sha256 = createHash("sha256").update(`evidencia ${randomUUID()}`).digest("hex");
    rows.push(
      await db.evidence.create({
        data: {
          kind: i % 2 ? "SELFIE" : "ID_FRONT",
          storageKey: `tests/stamping/${randomUUID()}`,
          mimeType: "image/jpeg",
          size: 1000 + i,
          sha256,
        },
      }),
    );
  }
  return rows;
}

const records = (ids: number[]) =>
  db.stampingRecord.findMany({
    where: { evidenceId: { in: ids } },
    include: { evidence: true, batch: true },
    orderBy: { evidenceId: "asc" },
  });
// Straight to the node: ethers caches identical provider calls for a moment.
const nonce = async () => Number(await provider.send("eth_getTransactionCount", [senderAddress, "latest"]));
const stampInfo = (trxId: string, locale = "es-es") =>
  call(m.getStampInfo, `/api/signprocess/getStampInfo/${trxId}`, {
    params: { trxId },
    headers: { "accept-language": locale },
    ip: `198.51.100.${slot + 1}`,
  });

describe("stamping.stamp-pending", () => {
  it("stamps waiting evidences with one transaction whose data is the batch's Merkle root, every proof verifying", async () => {
    const evidences = await createEvidences(7);
    const before = await nonce();
    const metricsBefore = await scrapeMetrics();

    const result = (await m.runJob("stamping.stamp-pending", {})) as { batches: { id: number }[] };

    expect(result.batches).toHaveLength(1);
    expect(await nonce()).toBe(before + 1);
    // /api/metrics: one batch of seven evidences (in the buckets from 10 up, not in 5's), confirmed once on the local chain.
    const metricsAfter = await scrapeMetrics();
    expect(changes(metricsBefore, metricsAfter, "rubrica_stamp_batch_evidences_count")).toEqual({ "": 1 });
    expect(changes(metricsBefore, metricsAfter, "rubrica_stamp_batch_evidences_sum")).toEqual({ "": 7 });
    const buckets = changes(metricsBefore, metricsAfter, "rubrica_stamp_batch_evidences_bucket");
    expect(buckets['{le="5"}']).toBeUndefined();
    expect(buckets['{le="10"}']).toBe(1);
    expect(changes(metricsBefore, metricsAfter, "rubrica_stamp_confirmations_total")).toEqual({
      '{network="local",outcome="confirmed"}': 1,
    });
    const stamped = await records(evidences.map((e) => e.id));
    expect(stamped).toHaveLength(7);
    const batch = stamped[0]!.batch!;
    expect(batch.status).toBe("CONFIRMED");
    expect(batch.confirmedAt).toBeInstanceOf(Date);
    expect(batch.localTx).toMatch(/^0x[0-9a-f]{64}$/);
    for (const record of stamped) {
      expect(record.batchId).toBe(batch.id);
      expect(record.code).toBe(200);
      expect(record.kind).toBe(record.evidence.kind);
      expect(record.ethTrxid).toBe(batch.localTx);
      expect(record.linkAuditoria).toBe(`http://explorer.local/tx/${batch.localTx}`);
      expect(record.linkStamping).toBe(`http://127.0.0.1:3000/api/signprocess/getStampInfo/${batch.localTx}`);
      const proof = record.merkleProof as unknown as MerkleProof;
      expect(proof.root).toBe(batch.merkleRoot);
      expect(m.merkle.verifyMerkleProof(record.evidence.sha256, proof, batch.merkleRoot)).toBe(true);
      expect(m.merkle.verifyMerkleProof(record.evidence.sha256, proof, createHash("sha256").update("otra raíz").digest("hex"))).toBe(false);
    }

    // Read back from the chain: a 0-value transaction to the sender itself carrying "RBK1" + root, mined.
    const tx = await provider.getTransaction(batch.localTx!);
    expect(tx?.from).toBe(senderAddress);
    expect(tx?.to).toBe(senderAddress);
    expect(tx?.value).toBe(0n);
    expect(m.chain.rootFromData(tx!.data)).toBe(batch.merkleRoot);
    expect(Buffer.from(tx!.data.slice(2, 10), "hex").toString("ascii")).toBe("RBK1");
    expect((await provider.getTransactionReceipt(batch.localTx!))?.status).toBe(1);
  });

  it("running the job again sends nothing and opens no batch", async () => {
    const [before, batches, metricsBefore] = [await nonce(), await db.stampBatch.count(), await scrapeMetrics()];
    const result = (await m.runJob("stamping.stamp-pending", {})) as { batches: unknown[] };
    expect(result.batches).toEqual([]);
    expect(await nonce()).toBe(before);
    expect(await db.stampBatch.count()).toBe(batches);
    const metricsAfter = await scrapeMetrics();
    expect(changes(metricsBefore, metricsAfter, "rubrica_stamp_batch_evidences_count")).toEqual({});
    expect(changes(metricsBefore, metricsAfter, "rubrica_stamp_confirmations_total")).toEqual({});
  });

  it("a chain that is down delays stamping: the job fails, the evidence waits (503), and the next run stamps it once", async () => {
    await node.stop();
    try {
      const evidences = await createEvidences(3);
      const batchesBefore = await db.stampBatch.count();
      const metricsBefore = await scrapeMetrics();

      await expect(m.runJob("stamping.stamp-pending", {})).rejects.toThrow();
      await expect(m.runJob("stamping.stamp-pending", {})).rejects.toThrow();
      // /api/metrics: the batch opened once (the second run retries it), and both attempts counted as failed.
      const metricsAfter = await scrapeMetrics();
      expect(changes(metricsBefore, metricsAfter, "rubrica_stamp_batch_evidences_sum")).toEqual({ "": 3 });
      expect(changes(metricsBefore, metricsAfter, "rubrica_stamp_confirmations_total")).toEqual({
        '{network="local",outcome="failed"}': 2,
      });

      const waiting = await records(evidences.map((e) => e.id));
      expect(waiting.map((r) => r.code)).toEqual([503, 503, 503]);
      expect(waiting.every((r) => r.batch?.status === "PENDING" && r.batch.localTx === null && r.ethTrxid === null)).toBe(true);
      expect(await db.stampBatch.count()).toBe(batchesBefore + 1);
    } finally {
      await node.start();
    }
    // The restarted development node is a fresh chain (nonce 0).
    const batchesBefore = await db.stampBatch.count();
    await m.runJob("stamping.stamp-pending", {});
    expect(await nonce()).toBe(1);
    expect(await db.stampBatch.count()).toBe(batchesBefore);
    const stamped = await db.stampingRecord.findMany({ where: { code: { not: 200 } } });
    expect(stamped).toEqual([]);
    const batch = await db.stampBatch.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(batch.status).toBe("CONFIRMED");
    expect(m.chain.rootFromData((await provider.getTransaction(batch.localTx!))!.data)).toBe(batch.merkleRoot);
  }, 90_000);

  it("a crash after sending: the recorded transaction is checked on the chain, not sent again", async () => {
    const evidences = await createEvidences(4);
    const batchId = (await m.openBatch(1000))!;
    const batch = await db.stampBatch.findUniqueOrThrow({ where: { id: batchId } });
    // What a run does before it crashes: sign, record the hash, broadcast.
    const client = m.chain.chainClient(m.stampingConfig().networks[0]!, m.stampingConfig().privateKey);
    const signed = await m.chain.signStamp(client, batch.merkleRoot);
    await db.stampBatch.update({ where: { id: batchId }, data: { localTx: signed.hash } });
    await m.chain.broadcast(client, signed.raw);
    client.close();
    const before = await nonce();

    await m.runJob("stamping.stamp-pending", {});

    expect(await nonce()).toBe(before);
    const after = await db.stampBatch.findUniqueOrThrow({ where: { id: batchId } });
    expect(after).toMatchObject({ status: "CONFIRMED", localTx: signed.hash });
    expect((await records(evidences.map((e) => e.id))).every((r) => r.code === 200 && r.ethTrxid === signed.hash)).toBe(true);
  });

  it("a crash between recording and sending: the transaction unknown to the chain is signed again and sent once", async () => {
    const evidences = await createEvidences(2);
    const batchId = (await m.openBatch(1000))!;
    const batch = await db.stampBatch.findUniqueOrThrow({ where: { id: batchId } });
    const client = m.chain.chainClient(m.stampingConfig().networks[0]!, m.stampingConfig().privateKey);
    const signed = await m.chain.signStamp(client, batch.merkleRoot);
    client.close();
    await db.stampBatch.update({ where: { id: batchId }, data: { localTx: signed.hash } });

    // Recorded but not confirmed: "transaction not found, retry in minutes".
    const early = await stampInfo(signed.hash);
    expect(early.status).toBe(404);
    expect(early.body).toMatchObject({
      errorCode: "TRANSACTION_NOT_FOUND",
      message: "Transacción no encontrada, vuelva a intentarlo en unos minutos.",
    });

    const before = await nonce();
    await m.runJob("stamping.stamp-pending", {});

    expect(await nonce()).toBe(before + 1);
    const after = await db.stampBatch.findUniqueOrThrow({ where: { id: batchId } });
    expect(after.status).toBe("CONFIRMED");
    // Sent once, at the nonce the lost one had (the same bytes, hence the same hash, when fees did not move).
    expect((await provider.getTransaction(after.localTx!))?.nonce).toBe(signed.nonce);
    expect(m.chain.rootFromData((await provider.getTransaction(after.localTx!))!.data)).toBe(batch.merkleRoot);
    expect((await records(evidences.map((e) => e.id))).every((r) => r.code === 200 && r.ethTrxid === after.localTx)).toBe(true);
  });

  it("a sender the network refuses (no funds) leaves the evidence waiting with code 401; a funded run stamps it", async () => {
    const evidences = await createEvidences(2);
    const unfunded = `0x${createHash("sha256").update(randomUUID()).digest("hex")}`;

    await expect(m.stampPending({}, { config: { ...m.stampingConfig(), privateKey: unfunded } })).rejects.toThrow();
    expect((await records(evidences.map((e) => e.id))).map((r) => [r.code, r.batch?.status])).toEqual([
      [401, "PENDING"],
      [401, "PENDING"],
    ]);

    const before = await nonce();
    await m.runJob("stamping.stamp-pending", {});
    expect(await nonce()).toBe(before + 1);
    expect((await records(evidences.map((e) => e.id))).every((r) => r.code === 200 && r.batch?.status === "CONFIRMED")).toBe(true);
  });
});

describe("GET /api/signprocess/getStampInfo/{trxId}", () => {
  it("answers a stamped transaction with its root and networks", async () => {
    const [evidence] = await createEvidences(1);
    await m.runJob("stamping.stamp-pending", {});
    const record = await db.stampingRecord.findUniqueOrThrow({ where: { evidenceId: evidence!.id }, include: { batch: true } });
    const hash = record.ethTrxid!;

    const { status, body } = await stampInfo(hash.toUpperCase().replace(/^0X/, "0x"));

    expect(status).toBe(200);
    expect(body).toEqual({
      code: 200,
      trxid: hash,
      result: {
        merkleRoot: record.batch!.merkleRoot,
        algorithm: "sha256-rfc6962-promote-odd",
        tag: "RBK1",
        status: "CONFIRMED",
        confirmedAt: record.batch!.confirmedAt!.toISOString(),
        evidences: 1,
        networks: [{ name: "local", kind: "local", chainId: 31337, id: hash, link: `http://explorer.local/tx/${hash}` }],
      },
    });
  });

  it("an unknown or malformed transaction id: stamping info not found, in the caller's language", async () => {
    const unknown = `0x${"ab".repeat(32)}`;
    const es = await stampInfo(unknown);
    expect(es.status).toBe(404);
    expect(es.body).toMatchObject({
      errorCode: "STAMPING_INFO_NOT_FOUND",
      message: "No se encontró la información de estampado.",
      code: 404,
    });
    const en = await stampInfo("no-es-un-hash", "en-US");
    expect(en.status).toBe(404);
    expect(en.body).toMatchObject({ errorCode: "STAMPING_INFO_NOT_FOUND", message: "Stamping information not found." });
  });

  it("is rate-limited per client address", async () => {
    const ip = `192.0.2.${100 + slot}`;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await call(m.getStampInfo, "/api/signprocess/getStampInfo/x", { params: { trxId: "x" }, ip })).status);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe("stamping right after a signer finishes", () => {
  it("a signer who completes gets their evidence stamped within seconds, and the seal waits for it: the audit certificate names the transaction", async () => {
    const { startWorkers } = await import("@/workers/start");
    const { stampingQueue } = await import("@/lib/stamping/stamp-pending");
    const { storage } = await import("@/lib/storage");
    const { createTestOrganization } = await import("../support/fixtures");
    const { createSentShipment, signStep } = await import("../support/signing");
    const org = await createTestOrganization();
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    // Only the queue's own jobs run here: the schedule (STAMPING_EVERY_MS) is not registered in tests.
    const workers = await startWorkers({ queues: [stampingQueue] });
    try {
      expect((await signStep(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
      const started = Date.now();
      // Sealing right away: it waits for the stamping run the completion asked for.
      expect(await m.runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
      expect(Date.now() - started).toBeLessThan(15_000);
      const record = await db.stampingRecord.findFirstOrThrow({
        where: { evidence: { signerId: signers[0]!.id, kind: "SIGNATURE_DRAWING" } },
      });
      expect(record.code).toBe(200);
      expect(record.ethTrxid).toMatch(/^0x[0-9a-f]{64}$/);

      // The audit certificate, a sealed PDF of its own.
      const { certificateStorageKey } = await db.document.findUniqueOrThrow({ where: { id: document.id } });
      const dir = mkdtempSync(join(tmpdir(), "rubrica-stamped-seal-"));
      try {
        writeFileSync(join(dir, "certificate.pdf"), await storage().get(certificateStorageKey!));
        const text = execFileSync("pdftotext", ["-layout", join(dir, "certificate.pdf"), "-"], { encoding: "utf8" }).replace(/\s+/g, "");
        expect(text).toContain(record.ethTrxid!);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      await workers.close();
    }
  });

  it("a second signer finishing in the same few seconds, after the first one's early run, gets an early run too", async () => {
    const { startWorkers } = await import("@/workers/start");
    const { enqueueJobs } = await import("@/lib/queue/enqueue");
    const { stampingQueue, stampSoonJob } = await import("@/lib/stamping/stamp-pending");
    const workers = await startWorkers({ queues: [stampingQueue] });
    const stamped = async (id: number) => (await db.stampingRecord.findUnique({ where: { evidenceId: id } }))?.code === 200;
    const within = async (id: number) => {
      for (let i = 0; i < 200 && !(await stamped(id)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      return stamped(id);
    };
    try {
      // Both requests fall in one window (the same moment): the second must not be swallowed by the first's id.
      const moment = Date.now();
      const [first] = await createEvidences(1);
      await enqueueJobs([stampSoonJob(moment)]);
      expect(await within(first!.id)).toBe(true);
      const [second] = await createEvidences(1);
      await enqueueJobs([stampSoonJob(moment)]);
      expect(await within(second!.id)).toBe(true);
    } finally {
      await workers.close();
    }
  });

  it("with the chain slow or down, the seal does not wait past its bound", async () => {
    const { awaitEvidenceStamps } = await import("@/lib/stamping/await-stamps");
    const evidences = await createEvidences(1);
    const signer = await db.signer.findFirstOrThrow({ orderBy: { id: "desc" } });
    await db.evidence.update({ where: { id: evidences[0]!.id }, data: { signerId: signer.id } });
    const started = Date.now();
    expect(await awaitEvidenceStamps(signer.documentId, { timeoutMs: 300, pollMs: 50 })).toBe("pending");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await awaitEvidenceStamps(signer.documentId, { timeoutMs: 300, config: { ...m.stampingConfig(), networks: [] } })).toBe("off");
  });
});

describe("writeBatch: a batch's records, in one transaction", () => {
  // Evidences made in one statement, each with its own hash unless `hashes` are given; removed with their batch after each case.
  async function manyEvidences(count: number, hashes?: string[]) {
    const tag = `tests/stamping/batch/${randomUUID()}`;
    return db.evidence.createManyAndReturn({
      data: Array.from({ length: count }, (_, i) => ({
        kind: i % 3 ? ("SELFIE" as const) : ("ID_FRONT" as const),
        storageKey: `${tag}/${i}`,
        mimeType: "image/jpeg",
        size: 1000 + i,
        sha256: hashes?.[i] ?? createHash("sha256").update(`${tag}/${i}`).digest("hex"),
      })),
      select: { id: true, kind: true, sha256: true },
    });
  }
  async function remove(evidences: { id: number }[], root: string) {
    const ids = evidences.map((e) => e.id);
    await db.stampingRecord.deleteMany({ where: { evidenceId: { in: ids } } });
    await db.stampBatch.deleteMany({ where: { merkleRoot: root } });
    await db.evidence.deleteMany({ where: { id: { in: ids } } });
  }

  it("writes the batch and one record per evidence: its kind, and exactly the proof merkleProof gives plus the evidence's hash", async () => {
    const evidences = await manyEvidences(13); // odd levels: promoted nodes add no step
    const tree = m.merkle.buildMerkleTree(evidences.map((e) => e.sha256));
    try {
      const batchId = await m.writeBatch(tree, evidences);
      expect(await db.stampBatch.findUniqueOrThrow({ where: { id: batchId } })).toMatchObject({
        merkleRoot: tree.root,
        status: "PENDING",
        lacchainTx: null,
        rolluxTx: null,
        localTx: null,
        confirmedAt: null,
      });
      const stored = await db.stampingRecord.findMany({ where: { batchId }, orderBy: { evidenceId: "asc" } });
      expect(stored.map(({ id: _id, createdAt: _createdAt, ...record }) => record)).toEqual(
        evidences.map((evidence, index) => ({
          evidenceId: evidence.id,
          kind: evidence.kind,
          batchId,
          code: null,
          ethTrxid: null,
          linkAuditoria: null,
          linkLacchain: null,
          linkRollux: null,
          linkStamping: null,
          merkleProof: { ...m.merkle.merkleProof(tree, index), evidenceSha256: evidence.sha256 },
        })),
      );

      // The same hashes in the same order (the same files stored again) join the batch of that root.
      const again = await manyEvidences(
        13,
        evidences.map((e) => e.sha256),
      );
      try {
        expect(await m.writeBatch(tree, again)).toBe(batchId);
        expect(await db.stampingRecord.count({ where: { batchId } })).toBe(26);
      } finally {
        await db.stampingRecord.deleteMany({ where: { evidenceId: { in: again.map((e) => e.id) } } });
        await db.evidence.deleteMany({ where: { id: { in: again.map((e) => e.id) } } });
      }
    } finally {
      await remove(evidences, tree.root);
    }
  });

  it("a write that fails midway leaves nothing, neither batch nor record; the next attempt writes the whole batch", async () => {
    const evidences = await manyEvidences(3000);
    const tree = m.merkle.buildMerkleTree(evidences.map((e) => e.sha256));
    const nothingWritten = async () => {
      expect(await db.stampBatch.count({ where: { merkleRoot: tree.root } })).toBe(0);
      expect(await db.stampingRecord.count({ where: { evidenceId: { in: evidences.map((e) => e.id) } } })).toBe(0);
    };
    try {
      // Refused by PostgreSQL at the end: the last record names an evidence that does not exist.
      const missing = [...evidences.slice(0, -1), { ...evidences.at(-1)!, id: 2_147_483_647 }];
      await expect(m.writeBatch(tree, missing)).rejects.toThrow(/foreign key/);
      await nothingWritten();
      // Stopped on this side after megabytes of rows were sent (as a crash of the job would leave them).
      const failing = new Proxy(evidences, {
        get(target, property, receiver) {
          if (property === "2900") throw new Error("the job stopped here");
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
      await expect(m.writeBatch(tree, failing)).rejects.toThrow("the job stopped here");
      await nothingWritten();

      const batchId = await m.writeBatch(tree, evidences);
      expect(await db.stampingRecord.count({ where: { batchId } })).toBe(3000);
      const last = await db.stampingRecord.findUniqueOrThrow({ where: { evidenceId: evidences.at(-1)!.id } });
      expect(last.merkleProof).toEqual({ ...m.merkle.merkleProof(tree, 2999), evidenceSha256: evidences.at(-1)!.sha256 });
    } finally {
      await remove(evidences, tree.root);
    }
  });
});
