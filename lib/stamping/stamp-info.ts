import { AppError } from "@/lib/errors/app-error";
import { db } from "@/lib/db/client";
import { stampTag } from "./chain";
import { merkleAlgorithm } from "./merkle";
import { explorerTxLink, networkOfColumn, txColumns } from "./networks";

const txHash = /^0x[0-9a-f]{64}$/;

export type StampInfo = {
  code: 200;
  trxid: string;
  result: {
    merkleRoot: string;
    algorithm: string;
    tag: string;
    status: "CONFIRMED";
    confirmedAt: string | null;
    evidences: number;
    networks: { name: string; kind: string; chainId: number; id: string; link: string | null }[];
  };
};

/**
 * GET /api/signprocess/getStampInfo/{trxId} (spec §7): the stamp whose transaction (on any network)
 * is trxId, with every network's transaction id (LACChain testnet, Rollux mainnet, or the local
 * node). Read from the database only, so a public caller never makes us call an RPC node.
 * - unknown or malformed trxId → STAMPING_INFO_NOT_FOUND;
 * - a batch still waiting for its confirmation → TRANSACTION_NOT_FOUND ("retry in minutes").
 */
export async function stampInfo(trxId: string): Promise<StampInfo> {
  const trxid = trxId.trim().toLowerCase();
  if (!txHash.test(trxid)) throw new AppError("STAMPING_INFO_NOT_FOUND", { code: 404, trxid: trxId });
  const batch = await db.stampBatch.findFirst({
    where: { OR: txColumns.map((column) => ({ [column]: trxid })) },
    include: { _count: { select: { records: true } } },
  });
  if (!batch) throw new AppError("STAMPING_INFO_NOT_FOUND", { code: 404, trxid });
  if (batch.status !== "CONFIRMED") throw new AppError("TRANSACTION_NOT_FOUND", { code: 404, trxid });
  const networks = txColumns.flatMap((column) => {
    const id = batch[column];
    if (!id) return [];
    const network = networkOfColumn(column);
    return [{ name: network.name, kind: network.kind, chainId: network.chainId, id, link: explorerTxLink(network, id) }];
  });
  return {
    code: 200,
    trxid,
    result: {
      merkleRoot: batch.merkleRoot,
      algorithm: merkleAlgorithm,
      tag: stampTag,
      status: "CONFIRMED",
      confirmedAt: batch.confirmedAt?.toISOString() ?? null,
      evidences: batch._count.records,
      networks,
    },
  };
}
