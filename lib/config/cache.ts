import { Redis } from "ioredis";
import { env } from "@/lib/config/env";
import { onConfigWritten } from "@/lib/db/client";
import { redis } from "@/lib/queue/redis";

// Configuration and identification types, read on every signer request, served from this process's
// memory. Every write to ConfigValue (lib/db/client.ts onConfigWritten, after its commit) drops what
// this process holds and is announced on a Redis channel, so that every other web and worker process
// drops theirs at once too. While this process is not subscribed (Redis unreachable, reconnecting)
// nothing is served from memory: every read goes to the database, as it would without a cache.
// Entries also expire after a minute, a bound on staleness should an announcement be lost.

const maxAgeMs = 60_000;

type Entry<T> = { value: Promise<T>; loadedAt: number };
const entries = new Map<string, Entry<unknown>>();
let subscriber: Redis | null = null;
let subscribed = false;

function channel(): string {
  // Redis pub/sub spans its databases: the channel names the database the configuration lives in.
  return `rubrica:config-changed:${new URL(env().DATABASE_URL).pathname.slice(1)}`;
}

/** Drops everything held here (the announcement carries no detail: settings change rarely). */
function forget(): void {
  entries.clear();
}

function subscribe(): void {
  if (subscriber) return;
  const connection = new Redis(env().REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
  subscriber = connection;
  // The subscription must not keep a script or a test run alive on its own.
  connection.on("connect", () => connection.stream?.unref());
  connection.on("close", () => {
    subscribed = false;
    forget();
  });
  connection.on("error", () => undefined); // reconnection is ioredis' own; reads meanwhile go to the database
  connection.on("message", (name: string) => {
    if (name === channel()) forget();
  });
  connection.on("ready", () => {
    // ioredis subscribes again by itself after a reconnection; what changed meanwhile is unknown.
    forget();
    connection
      .subscribe(channel())
      .then(() => {
        forget();
        subscribed = true;
      })
      .catch(() => undefined);
  });
  connection.connect().catch(() => undefined);
}

onConfigWritten(() => {
  forget();
  redis()
    .publish(channel(), "*")
    .catch((error: unknown) => console.warn("[config] change not announced", error instanceof Error ? error.message : "unknown"));
});

/**
 * `load()` once per `key` while this process is subscribed to configuration changes and the value is
 * under a minute old; `load()` every time otherwise.
 */
export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  subscribe();
  if (!subscribed) return load();
  const now = Date.now();
  const entry = entries.get(key) as Entry<T> | undefined;
  if (entry && now - entry.loadedAt < maxAgeMs) return entry.value;
  const value = load();
  const fresh = { value, loadedAt: now };
  entries.set(key, fresh);
  // A failed load is not kept; an entry dropped or replaced meanwhile is left alone.
  value.catch(() => {
    if (entries.get(key) === fresh) entries.delete(key);
  });
  return value;
}

/** Whether reads are being served from memory now (a test looks at this before it counts statements). */
export function configCacheLive(): boolean {
  subscribe();
  return subscribed;
}
