import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import pg from "pg";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Runs `work` on the maintenance database of a test database's server, with that test database's name (checked). */
async function onServerOf(databaseUrl: string, work: (client: pg.Client, name: string) => Promise<unknown>): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^rubrica_[a-z0-9_]+$/.test(name)) throw new Error(`Refusing to drop "${name}": test databases are named rubrica_<something>`);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await work(client, name);
  } finally {
    await client.end();
  }
}

// Every run starts from an empty database so results never depend on what an earlier run left.
export async function recreateDatabase(databaseUrl: string): Promise<void> {
  await onServerOf(databaseUrl, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
}

/**
 * A test's own database, empty and migrated (no seed), and a client connected to it; `drop` closes the client and
 * removes the database. For tests of commands that must start from nothing (admin:create, the signing credentials).
 */
export async function scratchDatabase(databaseUrl: string): Promise<{ client: pg.Client; drop: () => Promise<void> }> {
  await recreateDatabase(databaseUrl);
  migrateDatabase({ DATABASE_URL: databaseUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    client,
    drop: async () => {
      await client.end();
      await onServerOf(databaseUrl, (maintenance, name) => maintenance.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

export function migrateDatabase(env: Record<string, string>): void {
  runOrThrow("node", ["scripts/prisma.mjs", "migrate", "deploy"], env);
}

export function seedDatabase(env: Record<string, string>): boolean {
  if (!existsSync(path.join(root, "prisma/seed.ts"))) return false;
  runOrThrow("npx", ["tsx", "prisma/seed.ts"], env);
  return true;
}

export async function flushRedis(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

function runOrThrow(command: string, args: string[], env: Record<string, string>): void {
  const result = spawnSync(command, args, { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" });
  if (result.status === 0) return;
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
  throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}):\n${output || String(result.error)}`);
}
