import { Redis } from "ioredis";
import { env } from "@/lib/config/env";

/** BullMQ needs its own connections with maxRetriesPerRequest null (blocking commands). */
export function queueConnection(): Redis {
  return new Redis(env().REDIS_URL, { maxRetriesPerRequest: null });
}
