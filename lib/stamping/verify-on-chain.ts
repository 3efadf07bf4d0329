import { env } from "@/lib/config/env";
import { chainProvider, rootFromData } from "./chain";
import type { StampingNetwork } from "./networks";

/**
 * What the chain itself says about a batch's stamp transaction, asked by the public validation page
 * (not Rúbrica's own record of it):
 * - confirmed: mined, successful, and its data is "RBK1" followed by exactly this root;
 * - mismatch: the transaction exists but carries another root, or is not a stamp: the record was altered;
 * - failed: mined but reverted (a stamp transaction never should);
 * - pending: known to the node, not yet in a block;
 * - not-found: the node does not know the transaction;
 * - unreachable: the node did not answer in time, or this server has no RPC address for the network.
 */
export type ChainVerdict =
  | { state: "confirmed"; blockNumber: number; blockTime: Date | null; checkedAt: Date }
  | { state: "mismatch" | "failed" | "pending" | "not-found" | "unreachable"; checkedAt: Date };

type Cached = { verdict: Promise<ChainVerdict>; expires: number };

/**
 * Verdicts are kept a while so that a much-visited validation page does not query the nodes on each
 * visit: a confirmed stamp for an hour (it only changes in a deep reorganisation), anything else for
 * 30 s, since it is expected to change. Lookups in flight are shared.
 */
const confirmedTtlMs = 60 * 60_000;
const otherTtlMs = 30_000;
const maxEntries = 5_000;
const globalCache = globalThis as unknown as { rubricaChainVerdicts?: Map<string, Cached> };
const cache = (globalCache.rubricaChainVerdicts ??= new Map());

async function lookUpStamp(network: StampingNetwork, txId: string, root: string, timeoutMs: number): Promise<ChainVerdict> {
  const checkedAt = new Date();
  if (!network.rpcUrl) return { state: "unreachable", checkedAt };
  const provider = chainProvider(network, timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<ChainVerdict>((resolve) => {
    timer = setTimeout(() => resolve({ state: "unreachable", checkedAt }), timeoutMs);
  });
  const lookup = (async (): Promise<ChainVerdict> => {
    const tx = await provider.getTransaction(txId);
    if (!tx) return { state: "not-found", checkedAt };
    if (rootFromData(tx.data) !== root.toLowerCase()) return { state: "mismatch", checkedAt };
    const receipt = await provider.getTransactionReceipt(txId);
    if (!receipt) return { state: "pending", checkedAt };
    if (receipt.status !== 1) return { state: "failed", checkedAt };
    const block = await provider.getBlock(receipt.blockNumber);
    return { state: "confirmed", blockNumber: receipt.blockNumber, blockTime: block ? new Date(block.timestamp * 1000) : null, checkedAt };
  })().catch((): ChainVerdict => ({ state: "unreachable", checkedAt }));
  try {
    return await Promise.race([lookup, deadline]);
  } finally {
    clearTimeout(timer);
    provider.destroy();
  }
}

/** Whether `txId` on `network` is mined and carries `root`, from the network's node (cached; never waits past STAMPING_VERIFY_TIMEOUT_MS). */
export function verifyStampOnChain(network: StampingNetwork, txId: string, root: string): Promise<ChainVerdict> {
  const key = `${network.name}:${network.chainId}:${txId.toLowerCase()}:${root.toLowerCase()}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.verdict;
  const verdict = lookUpStamp(network, txId, root, env().STAMPING_VERIFY_TIMEOUT_MS);
  const entry: Cached = { verdict, expires: now + otherTtlMs };
  cache.delete(key);
  cache.set(key, entry);
  void verdict.then((settled) => {
    entry.expires = Date.now() + (settled.state === "confirmed" ? confirmedTtlMs : otherTtlMs);
  });
  // Oldest first in a Map: drop those past the bound.
  for (const oldest of cache.keys()) {
    if (cache.size <= maxEntries) break;
    cache.delete(oldest);
  }
  return verdict;
}
