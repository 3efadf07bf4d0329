import { env } from "@/lib/config/env";

/**
 * The chains evidence roots are stamped on, from the environment (STAMPING_NETWORKS). Each names the
 * StampBatch column that holds its transaction hash and how its explorer links a transaction.
 * - local: a development / test EVM node (hardhat), column localTx;
 * - lacchain: LACChain testnet, column lacchainTx, link in StampingRecord.linkLacchain;
 * - rollux: Rollux mainnet, column rolluxTx, link in StampingRecord.linkRollux.
 */

export const networkNames = ["local", "lacchain", "rollux"] as const;
export type NetworkName = (typeof networkNames)[number];

export type TxColumn = "localTx" | "lacchainTx" | "rolluxTx";

export type StampingNetwork = {
  name: NetworkName;
  /** What getStampInfo tells: "testnet" for LACChain, "mainnet" for Rollux, "local" for a development node. */
  kind: "local" | "testnet" | "mainnet";
  chainId: number;
  rpcUrl: string;
  explorerUrl: string | null;
  column: TxColumn;
};

export type StampingConfig = { networks: StampingNetwork[]; privateKey: string; batchSize: number; confirmTimeoutMs: number };

/** Hardhat's development account #0: public knowledge, funded only on local development nodes. */
export const hardhatDevKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

export const txColumns: readonly TxColumn[] = ["lacchainTx", "rolluxTx", "localTx"];

/** The network's explorer page of a transaction, or null when it has no explorer. */
export function explorerTxLink(network: Pick<StampingNetwork, "explorerUrl">, hash: string): string | null {
  return network.explorerUrl ? `${network.explorerUrl.replace(/\/+$/, "")}/tx/${hash}` : null;
}

/** Every known network as the environment describes it (rpcUrl empty when not set), listed or not in STAMPING_NETWORKS. */
export function networkCatalog(): Record<NetworkName, StampingNetwork> {
  const e = env();
  return {
    local: {
      name: "local",
      kind: "local",
      chainId: e.STAMPING_LOCAL_CHAIN_ID,
      rpcUrl: e.STAMPING_LOCAL_RPC_URL,
      explorerUrl: e.STAMPING_LOCAL_EXPLORER_URL ?? null,
      column: "localTx",
    },
    lacchain: {
      name: "lacchain",
      kind: "testnet",
      chainId: e.STAMPING_LACCHAIN_CHAIN_ID,
      rpcUrl: e.STAMPING_LACCHAIN_RPC_URL ?? "",
      explorerUrl: e.STAMPING_LACCHAIN_EXPLORER_URL,
      column: "lacchainTx",
    },
    rollux: {
      name: "rollux",
      kind: "mainnet",
      chainId: e.STAMPING_ROLLUX_CHAIN_ID,
      rpcUrl: e.STAMPING_ROLLUX_RPC_URL ?? "",
      explorerUrl: e.STAMPING_ROLLUX_EXPLORER_URL,
      column: "rolluxTx",
    },
  };
}

/** The configured networks, in STAMPING_NETWORKS order; an unknown name or a missing RPC URL is a configuration error. */
export function stampingConfig(): StampingConfig {
  const e = env();
  const catalog = networkCatalog();
  const names = [
    ...new Set(
      e.STAMPING_NETWORKS.split(",")
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  const networks = names.map((name) => {
    if (!(networkNames as readonly string[]).includes(name))
      throw new Error(`STAMPING_NETWORKS: unknown network "${name}" (use ${networkNames.join(", ")})`);
    const network = catalog[name as NetworkName];
    if (!network.rpcUrl) throw new Error(`STAMPING_NETWORKS lists ${name} but STAMPING_${name.toUpperCase()}_RPC_URL is not set`);
    return network;
  });
  // Always an explicit setting, never a fallback on NODE_ENV: for the local chain the run command's .env names
  // the public hardhat development key itself (scripts/ensure-env.sh).
  const privateKey = e.STAMPING_PRIVATE_KEY;
  if (!privateKey && networks.length > 0) throw new Error("STAMPING_PRIVATE_KEY is required while STAMPING_NETWORKS lists a network");
  return { networks, privateKey: privateKey ?? "", batchSize: e.STAMPING_BATCH_SIZE, confirmTimeoutMs: e.STAMPING_CONFIRM_TIMEOUT_MS };
}

/** The network whose transaction hash a StampBatch column holds. */
export function networkOfColumn(column: TxColumn): StampingNetwork {
  return Object.values(networkCatalog()).find((n) => n.column === column) as StampingNetwork;
}

/** How often the worker runs the stamping job (STAMPING_EVERY_MS, default one minute). */
export function stampEveryMs(): number {
  const value = Number(process.env.STAMPING_EVERY_MS);
  return Number.isInteger(value) && value > 0 ? value : 60_000;
}
