import { AppError } from "@/lib/errors/app-error";
import { redis } from "@/lib/queue/redis";

/**
 * RATE_LIMITED with what the limiter knows: `seconds` until the window ends (also the message's wait)
 * and the window's `limit`, from which every 429 gets its Retry-After and RateLimit-* headers.
 */
function rateLimited(limit: number, ttl: number, windowSeconds: number): AppError {
  return new AppError("RATE_LIMITED", { seconds: ttl > 0 ? ttl : windowSeconds, limit });
}

/**
 * Fixed-window limiter in Redis, shared by every web process. Throws RATE_LIMITED with the wait.
 * Keys name what is limited, e.g. `login:ip:1.2.3.4` or `mfa-send:user:42`. Returns the hits counted so far.
 */
export async function enforceRateLimit(key: string, limit: number, windowSeconds: number): Promise<number> {
  const fullKey = `rl:${key}`;
  const count = await redis().incr(fullKey);
  if (count === 1) await redis().expire(fullKey, windowSeconds);
  if (count > limit) throw rateLimited(limit, await redis().ttl(fullKey), windowSeconds);
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
  throw rateLimited(limit, await redis().ttl(fullKey), 1);
}

/**
 * The headers of a 429 (RFC 9110 Retry-After; RateLimit-Limit/-Remaining/-Reset as named by the IETF
 * httpapi-ratelimit-headers draft, Reset in seconds from now), from a RATE_LIMITED error's meta. Empty for any
 * other error.
 */
export function rateLimitHeaders(error: AppError): Record<string, string> {
  // Every 429 (RATE_LIMITED and the refusals that end a run of failures, such as the last wrong PIN) says how long to wait.
  if (error.status !== 429) return {};
  const seconds = Math.max(1, Math.ceil(Number(error.meta.seconds) || 1));
  const headers: Record<string, string> = {
    "retry-after": String(seconds),
    "ratelimit-remaining": "0",
    "ratelimit-reset": String(seconds),
  };
  if (typeof error.meta.limit === "number") headers["ratelimit-limit"] = String(error.meta.limit);
  return headers;
}

/** Seconds until `key`'s window ends (the window's length when the key is gone). */
export async function rateLimitWait(key: string, windowSeconds: number): Promise<number> {
  const ttl = await redis().ttl(`rl:${key}`);
  return ttl > 0 ? ttl : windowSeconds;
}
