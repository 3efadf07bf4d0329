import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors/app-error";
import { currentOperation } from "@/lib/http/current-operation";
import { redis } from "@/lib/queue/redis";
import type { RateLimitRule } from "./rate-limits";

/**
 * An endpoint may only apply the limits its descriptor declares (`rateLimits`), so that the OpenAPI document states
 * every limit a client can meet; the API key's own limit holds for every call made with a key and is declared by the
 * operation's security. A limit applied without being declared is a programming error, not the client's.
 */
function assertDeclared(rule: RateLimitRule): void {
  const operation = currentOperation();
  if (!operation || rule.per === "apiKey" || operation.rateLimits?.some((declared) => declared.name === rule.name)) return;
  throw new Error(`Operation ${operation.operationId} applies rate limit ${rule.name}, which its descriptor does not declare`);
}

/** The rule's limit: its setting's value when it has one, else its default. */
export function rateLimitValue(rule: RateLimitRule): number {
  return rule.setting ? env()[rule.setting] : rule.limit;
}

const redisKey = (rule: RateLimitRule, subject: string | number) => `rl:${rule.bucket}:${subject}`;

/**
 * RATE_LIMITED with what the limiter knows: `seconds` until the window ends (also the message's wait)
 * and the window's `limit`, from which every 429 gets its Retry-After and RateLimit-* headers.
 */
function rateLimited(limit: number, ttl: number, windowSeconds: number): AppError {
  return new AppError("RATE_LIMITED", { seconds: ttl > 0 ? ttl : windowSeconds, limit });
}

/**
 * Fixed-window limiter in Redis, shared by every web process: counts one hit of `rule` for `subject` (an address,
 * a user's id, …; lib/security/rate-limits.ts) and throws RATE_LIMITED with the wait past its limit. Returns the
 * hits counted so far.
 */
export async function enforceRateLimit(rule: RateLimitRule, subject: string | number): Promise<number> {
  assertDeclared(rule);
  const fullKey = redisKey(rule, subject);
  const limit = rateLimitValue(rule);
  const count = await redis().incr(fullKey);
  if (count === 1) await redis().expire(fullKey, rule.windowSeconds);
  if (count > limit) throw rateLimited(limit, await redis().ttl(fullKey), rule.windowSeconds);
  return count;
}

export async function resetRateLimit(rule: RateLimitRule, subject: string | number): Promise<void> {
  await redis().del(redisKey(rule, subject));
}

/**
 * Refuses with RATE_LIMITED while `key` has already counted `limit` hits in its window, without counting this
 * one: for limits on failures, where only a failure counts (enforceRateLimit) but a client over the limit is
 * refused before it tries again.
 */
export async function refuseOverLimit(rule: RateLimitRule, subject: string | number): Promise<void> {
  assertDeclared(rule);
  const fullKey = redisKey(rule, subject);
  const limit = rateLimitValue(rule);
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

/** Seconds until the window of `rule` for `subject` ends (the window's length when the counter is gone). */
export async function rateLimitWait(rule: RateLimitRule, subject: string | number): Promise<number> {
  const ttl = await redis().ttl(redisKey(rule, subject));
  return ttl > 0 ? ttl : rule.windowSeconds;
}
