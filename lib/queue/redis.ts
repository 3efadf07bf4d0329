import { Redis } from "ioredis";
import { env } from "@/lib/config/env";

const globalForRedis = globalThis as unknown as { rubricaRedis?: Redis };

/** The process's shared Redis connection (rate limits, caches). BullMQ opens its own. */
export function redis(): Redis {
  if (!globalForRedis.rubricaRedis) {
    globalForRedis.rubricaRedis = new Redis(env().REDIS_URL, { maxRetriesPerRequest: 3, lazyConnect: false });
  }
  return globalForRedis.rubricaRedis;
}
