import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Redis } from "ioredis";
import { errorFields, logger } from "@/lib/log/logger";

// Each worker process beats in Redis: the web's readiness (lib/health/readiness.ts) counts the live ones, and the
// web's /api/metrics shows their metrics, which travel with the beat (a worker serves no HTTP of its own).

/**
 * Sorted set: worker id → when it counts as gone (ms): its last beat plus its own heartbeatStaleMs. Each worker says how
 * long its beat holds, so the web need not share the worker's WORKER_HEARTBEAT_MS to judge it (a worker beating every
 * second, killed, is gone within seconds for everyone; one beating every minute is not called dead between beats).
 */
export const heartbeatKey = "health:worker-deadlines";
/** Hash: worker id → time of its last beat (ms), shown by readiness. */
export const lastBeatKey = "health:worker-beats";
/** Hash: worker id → its metrics as prom-client JSON (Registry.getMetricsAsJSON). */
export const workerMetricsKey = "health:worker-metrics";
/** Set: the queue names workers have listened on, so the web can count their jobs without importing the job handlers. */
export const knownQueuesKey = "health:queues";

/** How often a worker beats (WORKER_HEARTBEAT_MS, default ten seconds). */
export function heartbeatEveryMs(): number {
  const value = Number(process.env.WORKER_HEARTBEAT_MS);
  return Number.isInteger(value) && value >= 100 ? value : 10_000;
}

/** A worker whose last beat is older than this is gone (three beats missed and some slack). */
export function heartbeatStaleMs(): number {
  return Math.round(heartbeatEveryMs() * 3.5);
}

/** An id unique to this process, for its beats. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

/** One beat: this worker is alive now, listens on `queues`, and its metrics are these. Forgets workers gone quiet. */
export async function writeHeartbeat(connection: Redis, workerId: string, queues: readonly string[], metrics: unknown): Promise<void> {
  const now = Date.now();
  const stale = await connection.zrangebyscore(heartbeatKey, "-inf", now);
  const batch = connection
    .multi()
    .zadd(heartbeatKey, now + heartbeatStaleMs(), workerId)
    .hset(lastBeatKey, workerId, String(now))
    .hset(workerMetricsKey, workerId, JSON.stringify(metrics));
  if (queues.length > 0) batch.sadd(knownQueuesKey, ...queues);
  if (stale.length > 0)
    batch
      .zrem(heartbeatKey, ...stale)
      .hdel(lastBeatKey, ...stale)
      .hdel(workerMetricsKey, ...stale);
  await batch.exec();
}

/** A worker that stops says so, rather than being counted alive for another half minute. */
export async function removeHeartbeat(connection: Redis, workerId: string): Promise<void> {
  await connection.multi().zrem(heartbeatKey, workerId).hdel(lastBeatKey, workerId).hdel(workerMetricsKey, workerId).exec();
}

/** The workers whose last beat still holds. */
export async function liveWorkerIds(connection: Redis): Promise<string[]> {
  return connection.zrangebyscore(heartbeatKey, `(${Date.now()}`, "+inf");
}

/** The live workers, and the newest beat's time (null when none is alive), for readiness. */
export async function liveWorkers(connection: Redis): Promise<{ ids: string[]; lastBeatAt: number | null }> {
  const ids = await liveWorkerIds(connection);
  if (ids.length === 0) return { ids, lastBeatAt: null };
  const beats = (await connection.hmget(lastBeatKey, ...ids)).map(Number).filter((at) => Number.isFinite(at) && at > 0);
  return { ids, lastBeatAt: beats.length > 0 ? Math.max(...beats) : null };
}

/** The live workers' metrics, parsed (a worker's unreadable entry is left out). */
export async function liveWorkerMetrics(connection: Redis): Promise<unknown[]> {
  const ids = await liveWorkerIds(connection);
  if (ids.length === 0) return [];
  const values = await connection.hmget(workerMetricsKey, ...ids);
  return values.flatMap((value) => {
    if (!value) return [];
    try {
      return [JSON.parse(value) as unknown];
    } catch {
      return [];
    }
  });
}

export async function knownQueues(connection: Redis): Promise<string[]> {
  return (await connection.smembers(knownQueuesKey)).sort();
}

/**
 * Beats every heartbeatEveryMs until the returned stop is called (which removes the beat). A failed beat (Redis
 * restarting) is only logged: the next one tries again.
 */
export function startHeartbeat(connection: Redis, queues: readonly string[], metrics: () => Promise<unknown>): () => Promise<void> {
  const workerId = newWorkerId();
  const beat = async () => {
    try {
      await writeHeartbeat(connection, workerId, queues, await metrics());
    } catch (error) {
      logger("worker").error(errorFields(error), "heartbeat failed");
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), heartbeatEveryMs());
  timer.unref();
  return async () => {
    clearInterval(timer);
    await removeHeartbeat(connection, workerId).catch(() => undefined);
  };
}
