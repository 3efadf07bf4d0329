import { FetchRequest, JsonRpcProvider, Network, Transaction, Wallet, isError } from "ethers";
import type { StampingNetwork } from "./networks";

// One stamp = one plain transaction: 0 value, to the sender's own address, data = tag ‖ 32-byte root.
// No contract, so nothing to deploy or compile on any network.

/** ASCII "RBK1": marks a Rúbrica stamp, version 1 (root = merkle.ts rules). */
export const stampTag = "RBK1";
const tagHex = Buffer.from(stampTag, "ascii").toString("hex");

/** A plain transfer with 36 bytes of data needs < 23 000 gas under every fork (incl. EIP-7623's floor); unused gas is not paid. */
const stampGasLimit = 30_000n;

export function stampData(rootHex: string): string {
  return `0x${tagHex}${rootHex}`;
}

/** The root carried by a stamp transaction's data, or null when the data is not a stamp. */
export function rootFromData(data: string): string | null {
  const match = new RegExp(`^0x${tagHex}([0-9a-f]{64})$`, "i").exec(data);
  return match?.[1] ? match[1].toLowerCase() : null;
}

export type ChainClient = { network: StampingNetwork; provider: JsonRpcProvider; wallet: Wallet; close: () => void };

/** A read-only connection to a network's RPC node; each call gives up after `timeoutMs`. */
export function chainProvider(network: StampingNetwork, timeoutMs = 10_000): JsonRpcProvider {
  const request = new FetchRequest(network.rpcUrl);
  request.timeout = timeoutMs;
  // staticNetwork: no chain-id polling, and a node that is down fails a call at once instead of retrying forever.
  const provider = new JsonRpcProvider(request, network.chainId, { staticNetwork: Network.from(network.chainId), batchMaxCount: 1 });
  provider.pollingInterval = 1_000;
  return provider;
}

export function chainClient(network: StampingNetwork, privateKey: string, timeoutMs = 10_000): ChainClient {
  const provider = chainProvider(network, timeoutMs);
  const wallet = new Wallet(privateKey, provider);
  return { network, provider, wallet, close: () => provider.destroy() };
}

/** Signs (does not send) the stamp transaction of `root`; its hash is known before anything leaves the process. */
export async function signStamp(client: ChainClient, root: string): Promise<{ hash: string; raw: string; nonce: number }> {
  const { provider, wallet, network } = client;
  const [nonce, fees] = await Promise.all([provider.getTransactionCount(wallet.address, "pending"), provider.getFeeData()]);
  const base = { to: wallet.address, value: 0n, data: stampData(root), nonce, gasLimit: stampGasLimit, chainId: BigInt(network.chainId) };
  const tx =
    fees.maxFeePerGas != null && fees.maxPriorityFeePerGas != null
      ? { ...base, type: 2, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas }
      : { ...base, type: 0, gasPrice: fees.gasPrice ?? 0n };
  const raw = await wallet.signTransaction(tx);
  return { hash: Transaction.from(raw).hash as string, raw, nonce };
}

/** Sends a signed stamp. A node that already holds it ("already known") is fine: the same hash. */
export async function broadcast(client: ChainClient, raw: string): Promise<void> {
  try {
    await client.provider.broadcastTransaction(raw);
  } catch (error) {
    if (/already known|known transaction|already imported/i.test(error instanceof Error ? error.message : "")) return;
    throw error;
  }
}

export type OnChain =
  { state: "mined"; blockNumber: number; gasUsed: bigint; fee: bigint; ok: boolean } | { state: "pending" } | { state: "unknown" };

type RpcReceipt = { blockNumber: string; gasUsed: string; effectiveGasPrice?: string; status?: string } | null;

/**
 * Where a recorded transaction stands on the chain. Asked straight of the node (provider.send): ethers'
 * provider methods share the answer to an identical call for a moment, so a "not found" read just before
 * a broadcast could be served again just after it, and the stamp would seem never to be mined.
 */
export async function lookUp(client: ChainClient, hash: string): Promise<OnChain> {
  const receipt = (await client.provider.send("eth_getTransactionReceipt", [hash])) as RpcReceipt;
  if (receipt?.blockNumber) {
    const gasUsed = BigInt(receipt.gasUsed);
    return {
      state: "mined",
      blockNumber: Number(receipt.blockNumber),
      gasUsed,
      fee: gasUsed * BigInt(receipt.effectiveGasPrice ?? 0),
      ok: receipt.status === "0x1",
    };
  }
  const tx = (await client.provider.send("eth_getTransactionByHash", [hash])) as unknown;
  return tx ? { state: "pending" } : { state: "unknown" };
}

/**
 * Waits for 1 confirmation (the block that holds it), polling the node every pollingInterval; null when
 * it did not come within the timeout. Polling rather than waiting on block events: a transaction mined
 * before a listener is attached (a node that mines at once) is still seen.
 */
export async function waitMined(client: ChainClient, hash: string, timeoutMs: number): Promise<OnChain | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await lookUp(client, hash);
    if (found.state === "mined") return found;
    const left = deadline - Date.now();
    if (left <= 0) return null;
    await new Promise((resolve) => setTimeout(resolve, Math.min(client.provider.pollingInterval, left)));
  }
}

/**
 * The result code stored on the evidences' stamping records when a network refuses or cannot be
 * reached (spec §3: "503 or 401 store only the code"): 401 when the node refuses the sender
 * (no funds, key not allowed), 503 otherwise (down, timeout, any other failure).
 */
export function failureCode(error: unknown): 401 | 503 {
  if (isError(error, "INSUFFICIENT_FUNDS")) return 401;
  const message = error instanceof Error ? error.message : String(error);
  return /\b401\b|\b403\b|unauthori[sz]ed|forbidden|not (allowed|permitted)|insufficient funds|enough funds/i.test(message) ? 401 : 503;
}
