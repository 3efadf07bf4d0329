/**
 * The parts of scripts/backup.sh and scripts/restore.sh that need the product's settings and code; not meant to be
 * run by hand. Settings come from the environment, then .env (as for the product).
 *
 *   database-url          the DATABASE_URL as libpq (pg_dump, psql) takes it
 *   database-name         its database's name
 *   maintenance-url       the same server's "postgres" database (to create the one above)
 *   fingerprint           the data key's fingerprint (never the key)
 *   export-objects DIR    every stored object, still encrypted, into DIR (STORAGE_DRIVER's store)
 *   store-empty           fails unless the configured store holds no object
 *   import-objects DIR    DIR's objects into the configured store, which must be empty
 *   storage-dir           STORAGE_DIR (the objects when STORAGE_DRIVER=local)
 *   import-development-credentials DIR
 *                         the development certificates an earlier version kept in DIR (STORAGE_DIR/pdf-signing, or an
 *                         old backup's pdf-signing.tar) into the database, unless it has them already
 */
import "dotenv/config";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { importLegacyDevelopmentCredentials, type DevelopmentKind } from "@/lib/pdf/development-store";
import { configuredKeyring, dataKeyFingerprint } from "@/lib/security/data-keys";
import { objectStore } from "@/lib/storage";
import { exportObjects, importObjects } from "@/lib/storage/object-copy";

// Prisma's own URL parameters, which libpq refuses.
const prismaOnly = ["schema", "connection_limit", "pool_timeout", "pgbouncer", "socket_timeout", "statement_cache_size"];

function databaseUrl(): URL {
  const url = new URL(env().DATABASE_URL);
  for (const name of prismaOnly) url.searchParams.delete(name);
  return url;
}

async function main(command: string | undefined, dir: string | undefined): Promise<void> {
  switch (command) {
    case "database-url":
      return void console.log(databaseUrl().href);
    case "database-name":
      return void console.log(decodeURIComponent(databaseUrl().pathname.slice(1)));
    case "maintenance-url": {
      const url = databaseUrl();
      url.pathname = "/postgres";
      return void console.log(url.href);
    }
    case "fingerprint":
      return void console.log(dataKeyFingerprint(env().DATA_ENCRYPTION_KEY));
    case "storage-dir":
      return void console.log(env().STORAGE_DIR);
    case "store-empty":
      for await (const key of objectStore().keys())
        throw new Error(`the storage already holds objects (${key}): restore into an empty one`);
      return;
    case "export-objects":
      return void console.log(JSON.stringify(await exportObjects(objectStore(), dir!, configuredKeyring())));
    case "import-objects":
      return void console.log(JSON.stringify(await importObjects(dir!, objectStore())));
    case "import-development-credentials": {
      const kinds: DevelopmentKind[] = ["seal", "signerCa"];
      const outcome = Object.fromEntries(
        await Promise.all(kinds.map(async (kind) => [kind, await importLegacyDevelopmentCredentials(kind, dir!)])),
      );
      return void console.log(JSON.stringify(outcome));
    }
    default:
      throw new Error(`unknown command ${command}`);
  }
}

main(process.argv[2], process.argv[3])
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => db.$disconnect());
