import { AppError } from "@/lib/errors/app-error";
import { redis } from "@/lib/queue/redis";

/**
 * Fixed-window limiter in Redis, shared by every web process. Throws RATE_LIMITED with the wait.
 * Keys name what is limited, e.g. `login:ip:1.2.3.4` or `mfa-send:user:42`.
 */
export async function enforceRateLimit(key: string, limit: number, windowSeconds: number): Promise<void> {
  const fullKey = `rl:${key}`;
  const count = await redis().incr(fullKey);
  if (count === 1) await redis().expire(fullKey, windowSeconds);
  if (count > limit) {
    const ttl = await redis().ttl(fullKey);
    throw new AppError("RATE_LIMITED", { seconds: ttl > 0 ? ttl : windowSeconds });
  }
}

export async function resetRateLimit(key: string): Promise<void> {
  await redis().del(`rl:${key}`);
}
