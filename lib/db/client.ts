import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";
import { env } from "@/lib/config/env";
import { announceConfigChange } from "@/lib/config/config-changes";

// One client per process, kept on globalThis: Next.js dev reloads modules (and tests reset them).
const globalForDb = globalThis as unknown as {
  rubricaDb?: PrismaClient;
  rubricaPool?: pg.Pool;
  rubricaAfterCommit?: AsyncLocalStorage<Set<() => unknown>>;
};

/**
 * A pg connection that sends its queries one after another. Inside an interactive transaction Prisma
 * reads sibling relations of one query at once on the transaction's single connection (prisma/orm
 * #29468): pg queues them today with a deprecation warning ("client is already executing a query")
 * and pg 9 will refuse them. Here each waits for the one before, in the order issued: the behaviour
 * pg has now, without relying on the deprecated path.
 */
class SequentialClient extends pg.Client {
  #tail: Promise<unknown> = Promise.resolve();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [config, values, callback] = args as [unknown, unknown, unknown];
    // Callback and submittable forms (cursors, streams; pg-pool's own queries) keep pg's handling.
    const submittable = typeof config === "object" && config !== null && typeof (config as { submit?: unknown }).submit === "function";
    if (submittable || typeof values === "function" || typeof callback === "function")
      return (super.query as (...a: unknown[]) => unknown)(...args);
    const run = this.#tail.then(() => (super.query as (...a: unknown[]) => Promise<unknown>)(...args));
    this.#tail = run.catch(() => undefined);
    return run;
  }
}

/** Work owed once the interactive transaction it was registered in commits (absent outside one). */
// With the client on globalThis, so that a reloaded copy of this module sees the transactions the kept client runs.
const owedAfterCommit = (globalForDb.rubricaAfterCommit ??= new AsyncLocalStorage<Set<() => unknown>>());
const writeOperations = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
]);

/**
 * Every write to ConfigValue through this client is announced (lib/config/config-changes.ts) once
 * other connections can see it: right after the statement outside a transaction, after COMMIT inside
 * an interactive one, so that no process reads and keeps the value from before it.
 */
function configWritten() {
  void afterCommit(announceConfigChange);
}

/**
 * Runs `work` once what was written so far can be seen by others: after COMMIT when called inside an interactive
 * transaction of this client (the transaction's caller waits for it; nothing runs if the transaction rolls back),
 * at once otherwise. For what must follow a change but cannot be part of it: queueing the jobs of an outbox row,
 * announcing a configuration change. The same function registered twice in one transaction runs once.
 */
export async function afterCommit(work: () => unknown): Promise<void> {
  const owed = owedAfterCommit.getStore();
  if (owed) owed.add(work);
  else await work();
}

/** The connections of the process's client (Prisma's adapter ends them on $disconnect). */
function pool(): pg.Pool {
  return (globalForDb.rubricaPool ??= new pg.Pool({ connectionString: env().DATABASE_URL, Client: SequentialClient }));
}

function createClient(): PrismaClient {
  const adapter = new PrismaPg(pool(), { disposeExternalPool: true });
  const client = new PrismaClient({ adapter }).$extends({
    query: {
      configValue: {
        async $allOperations({ operation, args, query }) {
          const result = await query(args);
          if (writeOperations.has(operation)) configWritten();
          return result;
        },
      },
    },
  });
  const transaction = client.$transaction.bind(client) as (...args: unknown[]) => Promise<unknown>;
  // An interactive transaction runs its callback with the announcements owed once it has committed.
  async function $transaction(...args: unknown[]) {
    if (typeof args[0] !== "function") return transaction(...args);
    const owed = new Set<() => unknown>();
    const result = await owedAfterCommit.run(owed, () => transaction(...args));
    // Outside the transaction's context: work that opens a transaction of its own starts a fresh one.
    await owedAfterCommit.exit(async () => {
      for (const work of owed) await work();
    });
    return result;
  }
  // The extension changes no method's signature: the client keeps PrismaClient's type.
  return new Proxy(client, {
    get: (target, name) => (name === "$transaction" ? $transaction : Reflect.get(target, name)),
  }) as unknown as PrismaClient;
}

/** The process's client, made on first use: importing this module reads no setting (an image builds with none). */
function client(): PrismaClient {
  return (globalForDb.rubricaDb ??= createClient());
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const real = client();
    const value: unknown = Reflect.get(real, property, real);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(real) : value;
  },
});

/**
 * One connection of the client's own pool, to itself while `work` runs: for what Prisma cannot say at speed (the
 * stamping job writes a batch's records with COPY FROM STDIN). `work` must leave it outside any transaction (COMMIT
 * or ROLLBACK): it goes back to the pool afterwards, or is closed when `work` failed, so that a connection left in
 * an unknown state (a COPY cut off halfway) is never handed to anyone else.
 */
export async function withConnection<T>(work: (connection: pg.PoolClient) => Promise<T>): Promise<T> {
  client();
  const connection = await pool().connect();
  let failure: Error | undefined;
  try {
    return await work(connection);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    connection.release(failure);
  }
}

/** Timestamps are stored without a zone and are UTC (Prisma's DateTime): read as such whatever the process's zone. */
const utcTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.TIMESTAMP
      ? (value: string) => new Date(`${value.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};

/**
 * One statement straight through the driver, on the client's pool: for the reads every signer request makes
 * (lib/signing/signer-access.ts), where Prisma's query interpreter costs more CPU than the statement itself. The
 * caller writes parameterised SQL ($1, $2, ... with `values`, never text pasted in) and types its rows; timestamps
 * come back as UTC dates as Prisma reads them, jsonb as parsed JSON, enums as text. Outside any transaction. With
 * `name`, the statement is prepared once per connection and PostgreSQL keeps its plan: for a statement sent on every
 * request whose planning costs more than its execution (one name, always the same text).
 */
export async function queryRows<Row>(text: string, values: readonly unknown[], options: { name?: string } = {}): Promise<Row[]> {
  client();
  const result = await pool().query({ text, values: [...values], types: utcTypes, ...(options.name ? { name: options.name } : {}) });
  return result.rows as Row[];
}

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
