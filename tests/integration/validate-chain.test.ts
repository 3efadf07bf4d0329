import { randomBytes, randomInt } from "node:crypto";
import { strFromU8, unzipSync } from "fflate";
import { JsonRpcProvider, Network } from "ethers";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { hardhatDevKey } from "@/lib/stamping/networks";
import { createTestOrganization } from "../support/fixtures";
import { hardhatNode } from "../support/hardhat-node";
import { createSentShipment, drawnSignature, signStep } from "../support/signing";
import { clientAddressHeaders, sendRequest } from "../support/http";

// The public validation page asks the chain itself whether each batch root is in its transaction,
// against a real local EVM node (hardhat), started and stopped here.
const slot = Number(process.env.TEST_SLOT ?? 0);
const node = hardhatNode(18565 + slot);

type Loaded = {
  runJob: typeof import("@/workers/registry").runJob;
  publicValidation: typeof import("@/lib/documents/public-validation").publicValidation;
  packageRoute: typeof import("@/app/api/validateDocs/[signatureHexId]/package/route").GET;
  closeProducers: typeof import("@/lib/queue/enqueue").closeProducers;
};
let m: Loaded;
let provider: JsonRpcProvider;
let hexId: string;
let batchId: number;
let stampTx: string;
let stampRoot: string;

type Verdict = { state: string; blockNumber?: number; blockTime?: Date | null };

async function onChainVerdicts(signatureHexId: string): Promise<Verdict[]> {
  const result = await m.publicValidation(signatureHexId);
  expect(result.state).toBe("available");
  if (result.state !== "available") return [];
  const evidences = result.validation.signers.flatMap((signer) => signer.evidences);
  expect(evidences.length).toBeGreaterThan(0);
  return evidences.flatMap((evidence) => evidence.stamping?.transactions.map((tx) => tx.onChain as Verdict) ?? [{ state: "not stamped" }]);
}

/** A sealed shipment of one signer whose evidence is stamped on the local node. */
async function stampedShipment(): Promise<{ hexId: string; batch: { id: number; localTx: string | null; merkleRoot: string } }> {
  const org = await createTestOrganization();
  const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
  // A drawing of its own: an evidence hash stamped before (by another file, on another node) would join that batch.
  expect((await signStep(signers[0]!.hexId, signers[0]!.secret!, await drawnSignature(randomInt(1, 40_000)))).body.finished).toBe(true);
  await m.runJob("stamping.stamp-pending", {});
  expect(await m.runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
  const record = await db.stampingRecord.findFirstOrThrow({
    where: { evidence: { signer: { documentId: document.id } } },
    include: { batch: true },
  });
  expect(record.batch?.status).toBe("CONFIRMED");
  return { hexId: document.hexId, batch: record.batch! };
}

beforeAll(async () => {
  await node.start();
  provider = new JsonRpcProvider(node.url, 31337, { staticNetwork: Network.from(31337) });
  vi.stubEnv("STAMPING_NETWORKS", "local");
  vi.stubEnv("STAMPING_PRIVATE_KEY", hardhatDevKey);
  vi.stubEnv("STAMPING_LOCAL_RPC_URL", node.url);
  vi.stubEnv("STAMPING_CONFIRM_TIMEOUT_MS", "10000");
  vi.stubEnv("STAMPING_SEAL_WAIT_MS", "0");
  vi.stubEnv("STAMPING_VERIFY_TIMEOUT_MS", "3000");
  // env() is read once per module load: load the modules under this file's variables.
  vi.resetModules();
  const [jobs, validation, route, enqueue] = await Promise.all([
    import("@/workers/registry"),
    import("@/lib/documents/public-validation"),
    import("@/app/api/validateDocs/[signatureHexId]/package/route"),
    import("@/lib/queue/enqueue"),
  ]);
  m = {
    runJob: jobs.runJob,
    publicValidation: validation.publicValidation,
    packageRoute: route.GET,
    closeProducers: enqueue.closeProducers,
  };
  const shipment = await stampedShipment();
  hexId = shipment.hexId;
  batchId = shipment.batch.id;
  stampTx = shipment.batch.localTx!;
  stampRoot = shipment.batch.merkleRoot;
}, 90_000);

afterAll(async () => {
  await m?.closeProducers();
  provider?.destroy();
  await node.stop();
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("/validateDocs checks each stamp on the chain", () => {
  it("says the root is in a mined transaction, with the block the node reports", async () => {
    const receipt = await provider.getTransactionReceipt(stampTx);
    const block = await provider.getBlock(receipt!.blockNumber);
    const verdicts = await onChainVerdicts(hexId);
    for (const verdict of verdicts) {
      expect(verdict).toMatchObject({ state: "confirmed", blockNumber: receipt!.blockNumber });
      expect(verdict.blockTime?.getTime()).toBe(block!.timestamp * 1000);
    }
  });

  it("puts the chain's answer in the evidence package", async () => {
    const request = new NextRequest(`http://127.0.0.1:3000/api/validateDocs/${hexId}/package`, {
      headers: { ...clientAddressHeaders(`198.51.100.${60 + slot}`) },
    });
    const response = await sendRequest(m.packageRoute, request);
    expect(response.status).toBe(200);
    const evidence = JSON.parse(strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))["evidence.json"]!)) as {
      evidences: { stamping: { transactions: { txId: string; onChain: { state: string; blockNumber: number } }[] } }[];
    };
    const transactions = evidence.evidences.flatMap((item) => item.stamping.transactions);
    expect(transactions.length).toBeGreaterThan(0);
    for (const tx of transactions)
      expect(tx).toMatchObject({ txId: stampTx, onChain: { state: "confirmed", blockNumber: expect.any(Number) } });
  });

  it("reports a mismatch when the recorded root is not the one on chain", async () => {
    const otherRoot = randomBytes(32).toString("hex");
    try {
      await db.stampBatch.update({ where: { id: batchId }, data: { merkleRoot: otherRoot } });
      const verdicts = await onChainVerdicts(hexId);
      expect(verdicts.map((verdict) => verdict.state)).toEqual(verdicts.map(() => "mismatch"));
    } finally {
      await db.stampBatch.update({ where: { id: batchId }, data: { merkleRoot: stampRoot } });
    }
  });

  it("reports a transaction the node does not know as not found", async () => {
    try {
      await db.stampBatch.update({ where: { id: batchId }, data: { localTx: `0x${randomBytes(32).toString("hex")}` } });
      const verdicts = await onChainVerdicts(hexId);
      expect(verdicts.map((verdict) => verdict.state)).toEqual(verdicts.map(() => "not-found"));
    } finally {
      await db.stampBatch.update({ where: { id: batchId }, data: { localTx: stampTx } });
    }
  });

  it("still answers, saying the network is unreachable, while the node is down", async () => {
    await node.stop();
    try {
      // A transaction this server has not asked about yet (the lookup cannot come from the cache).
      await db.stampBatch.update({ where: { id: batchId }, data: { localTx: `0x${randomBytes(32).toString("hex")}` } });
      const verdicts = await onChainVerdicts(hexId);
      expect(verdicts.map((verdict) => verdict.state)).toEqual(verdicts.map(() => "unreachable"));
      // What the node said of the real stamp before it went down is still shown.
      await db.stampBatch.update({ where: { id: batchId }, data: { localTx: stampTx } });
      expect((await onChainVerdicts(hexId)).map((verdict) => verdict.state)).toEqual(verdicts.map(() => "confirmed"));
    } finally {
      await db.stampBatch.update({ where: { id: batchId }, data: { localTx: stampTx } });
      await node.start();
    }
  }, 60_000);
});
