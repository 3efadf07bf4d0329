import { AppError } from "@/lib/errors/app-error";
import { redis } from "@/lib/queue/redis";

/**
 * Fixed-window limiter in Redis, shared by every web process. Throws RATE_LIMITED with the wait.
 * Keys name what is limited, e.g. `login:ip:1.2.3.4` or `mfa-send:user:42`. Returns the hits counted so far.
 */
export async function enforceRateLimit(key: string, limit: number, windowSeconds: number): Promise<number> {
  const fullKey = `rl:${key}`;
  const count = await redis().incr(fullKey);
  if (count === 1) await redis().expire(fullKey, windowSeconds);
  if (count > limit) {
    const ttl = await redis().ttl(fullKey);
    throw new AppError("RATE_LIMITED", { seconds: ttl > 0 ? ttl : windowSeconds });
  }
  return count;
}

export async function resetRateLimit(key: string): Promise<void> {
  await redis().del(`rl:${key}`);
}

/**
 * Refuses with RATE_LIMITED while `key` has already counted `limit` hits in its window, without counting this
 * one: for limits on failures, where only a failure counts (enforceRateLimit) but a client over the limit is
 * refused before it tries again.
 */
export async function refuseOverLimit(key: string, limit: number): Promise<void> {
  const fullKey = `rl:${key}`;
  const count = Number((await redis().get(fullKey)) ?? 0);
  if (count < limit) return;
  const ttl = await redis().ttl(fullKey);
  throw new AppError("RATE_LIMITED", { seconds: ttl > 0 ? ttl : 1 });
}

/** Seconds until `key`'s window ends (the window's length when the key is gone). */
export async function rateLimitWait(key: string, windowSeconds: number): Promise<number> {
  const ttl = await redis().ttl(`rl:${key}`);
  return ttl > 0 ? ttl : windowSeconds;
}
