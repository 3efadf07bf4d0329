import type { Redis } from "ioredis";
import { backgroundRedis, configChannel, onLocalConfigChange } from "./config-changes";

// Configuration and identification types, read on every signer request, served from this process's
// memory. Every write to ConfigValue is announced once committed (lib/db/client.ts,
// lib/config/config-changes.ts): this process drops what it holds at once, every other web and worker
// process when the announcement reaches it through Redis. While this process is not subscribed (Redis
// unreachable, reconnecting) nothing is served from memory: every read goes to the database, as it
// would without a cache. Entries also expire after a minute, a bound on staleness should an
// announcement be lost.

const maxAgeMs = 60_000;

type Entry<T> = { value: Promise<T>; loadedAt: number };
const entries = new Map<string, Entry<unknown>>();
let subscriber: Redis | null = null;
let subscribed = false;

/** Drops everything held here (an announcement carries no detail: settings change rarely). */
function forget(): void {
  entries.clear();
}

onLocalConfigChange(forget);

function subscribe(): void {
  // A connection that gave up (Redis down for a while) is opened again by the next read.
  if (subscriber && subscriber.status !== "end") return;
  const connection = backgroundRedis();
  subscriber = connection;
  subscribed = false;
  connection.on("close", () => {
    subscribed = false;
    forget();
  });
  connection.on("message", (name: string) => {
    if (name === configChannel()) forget();
  });
  connection.on("ready", () => {
    // Also after a reconnection: what changed meanwhile is unknown.
    forget();
    connection
      .subscribe(configChannel())
      .then(() => {
        forget();
        subscribed = true;
      })
      .catch(() => undefined);
  });
}

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
