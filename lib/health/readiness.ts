import { db } from "@/lib/db/client";
import { redis } from "@/lib/queue/redis";
import { chainProvider } from "@/lib/stamping/chain";
import { stampingConfig } from "@/lib/stamping/networks";
import { storage } from "@/lib/storage";
import { faceThreadsState } from "@/lib/face/face-engine";
import { liveWorkers } from "./heartbeat";

// GET /api/ready: whether this web node can serve, part by part. The database, Redis and the storage are required
// (503 without any of them); the workers and the stamping chains are reported but not required: without them work
// waits in the queues or stays pending, and requests are still answered.

/** How long one part may take to answer before it counts as down. */
export const partTimeoutMs = 3_000;

export type PartState = {
  state: "up" | "down";
  required: boolean;
  latencyMs: number;
  /** Why it is down, in a few words that name no host, address or secret. */
  reason?: string;
} & Record<string, unknown>;

export type Readiness = { status: "ready" | "degraded" | "unavailable"; parts: Record<string, PartState> };

class PartDown extends Error {}

async function part(required: boolean, check: () => Promise<Record<string, unknown> | void>): Promise<PartState> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PartDown("timeout")), partTimeoutMs);
  });
  try {
    const extra = (await Promise.race([check(), timeout])) ?? {};
    return { state: "up", required, latencyMs: Math.round(performance.now() - started), ...extra };
  } catch (error) {
    // Only our own words: a driver's message may carry a connection string or a host.
    const reason = error instanceof PartDown ? error.message : "unreachable";
    return { state: "down", required, latencyMs: Math.round(performance.now() - started), reason };
  } finally {
    clearTimeout(timer);
  }
}

async function storageWritable(): Promise<void> {
  const store = storage();
  const probe = new TextEncoder().encode(`readiness ${Date.now()}`);
  const stored = await store.put(probe);
  try {
    const back = await store.get(stored.key);
    if (Buffer.compare(Buffer.from(back), Buffer.from(probe)) !== 0) throw new PartDown("read back differs");
  } finally {
    await store.delete(stored.key);
  }
}

async function chainParts(): Promise<Record<string, PartState>> {
  let networks;
  try {
    networks = stampingConfig().networks;
  } catch {
    return { stamping: { state: "down", required: false, latencyMs: 0, reason: "misconfigured" } };
  }
  const entries = await Promise.all(
    networks.map(async (network) => {
      const state = await part(false, async () => {
        const provider = chainProvider(network, partTimeoutMs);
        try {
          const chainId = BigInt((await provider.send("eth_chainId", [])) as string);
          if (chainId !== BigInt(network.chainId)) throw new PartDown("unexpected chain id");
          return { chainId: network.chainId };
        } finally {
          provider.destroy();
        }
      });
      return [`chain:${network.name}`, state] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export async function readiness(): Promise<Readiness> {
  const [database, cache, files, workers, chains] = await Promise.all([
    part(true, async () => {
      await db.$queryRaw`SELECT 1`;
    }),
    part(true, async () => {
      await redis().ping();
    }),
    part(true, storageWritable),
    part(false, async () => {
      const { ids, lastBeatAt } = await liveWorkers(redis());
      if (ids.length === 0) throw new PartDown("no heartbeat");
      return { workers: ids.length, lastBeatAt: lastBeatAt === null ? null : new Date(lastBeatAt).toISOString() };
    }),
    chainParts(),
  ]);
  const parts: Record<string, PartState> = { database, redis: cache, storage: files, worker: workers, ...chains };
  // The face thread(s) the web server (server.ts) counts uploaded ID photos' faces on: not required — without them an
  // upload's faces are analysed on the main thread, slower for everyone meanwhile but answered.
  const faces = faceThreadsState();
  if (faces)
    parts.faceThreads =
      faces.running > 0
        ? { state: "up", required: false, latencyMs: 0, threads: faces.running }
        : { state: "down", required: false, latencyMs: 0, reason: faces.starting ? "starting" : "not started" };
  const all = Object.values(parts);
  const status = all.some((p) => p.required && p.state === "down")
    ? "unavailable"
    : all.some((p) => p.state === "down")
      ? "degraded"
      : "ready";
  return { status, parts };
}
