import { db } from "@/lib/db/client";
import type { EvidenceKind } from "@/lib/db/generated/enums";
import { buildMerkleTree, merkleProof } from "@/lib/stamping/merkle";
import { randomHex } from "@/lib/security/random";

/**
 * Stamps evidence the way the stamping job records it (a CONFIRMED batch, one record with its Merkle proof per
 * evidence), written directly: the browser tests run without a chain, whose path tests/integration/stamping.test.ts runs.
 * Answers the made-up transaction id.
 */
export async function stampDirectly(evidences: readonly { id: number; kind: EvidenceKind; sha256: string }[]): Promise<string> {
  const tree = buildMerkleTree(evidences.map((evidence) => evidence.sha256));
  const txId = `0x${randomHex(32)}`;
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
      merkleProof: merkleProof(tree, index),
    })),
  });
  return txId;
}
