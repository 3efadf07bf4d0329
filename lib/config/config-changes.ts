import { Redis, type RedisOptions } from "ioredis";
import { env } from "@/lib/config/env";
import { errorFields, logger } from "@/lib/log/logger";

// Announcements that the configuration (ConfigValue rows) changed, to this process and, through a Redis
// channel, to every other process on the same database: lib/db/client.ts announces each write once it
// has committed, lib/config/cache.ts drops what it holds when one arrives.

/** Redis pub/sub spans its databases: the channel names the database the configuration lives in. */
export function configChannel(): string {
  return `rubrica:config-changed:${new URL(env().DATABASE_URL).pathname.slice(1)}`;
}

/**
 * A connection that never keeps a process alive on its own (a seed or a script ends when its work
 * does) and gives up after a few failed reconnections instead of retrying for ever; whoever needs it
 * next opens a new one.
 */
export function backgroundRedis(): Redis {
  const options: RedisOptions = {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => (times > 5 ? null : 200 * times),
  };
  const connection = new Redis(env().REDIS_URL, options);
  connection.on("connect", () => connection.stream?.unref());
  connection.on("error", () => undefined); // reads meanwhile go to the database (lib/config/cache.ts)
  connection.connect().catch(() => undefined);
  return connection;
}

// Shared through globalThis: lib/db/client.ts keeps one client per process there in development and
// tests, whose announcements must reach the cache of modules evaluated again since (a reload, a test file).
const globalForConfig = globalThis as unknown as { rubricaConfigListeners?: Set<() => void> };
const localListeners = (globalForConfig.rubricaConfigListeners ??= new Set<() => void>());
let publisher: Redis | null = null;

/** `listener` runs, in this process, whenever the configuration changes here. */
export function onLocalConfigChange(listener: () => void): void {
  localListeners.add(listener);
}

/** The configuration changed (committed): this process forgets at once, the others when the message arrives. */
export function announceConfigChange(): void {
  for (const listener of localListeners) listener();
  if (!publisher || publisher.status === "end") publisher = backgroundRedis();
  publisher.publish(configChannel(), "*").catch((error: unknown) => logger("config").warn(errorFields(error), "change not announced"));
}
