#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary, for machines that cannot
// download it from binaries.prisma.sh. It runs the same engine compiled to
// WebAssembly (@prisma/schema-engine-wasm) on top of @prisma/adapter-pg and
// speaks the interface the Prisma CLI expects from the binary
// (node_modules/prisma/build/cli.js, class SchemaEngineCLI and helpers):
//
//   schema-engine --version
//   schema-engine [--datamodels <file>]... [--datasource <json>]
//       JSON-RPC 2.0 server, one message per line on stdin/stdout.
//   schema-engine --datasource <json> cli can-connect-to-database|create-database
//       One-shot commands used to check for / create a missing database.
//
// stdout carries protocol messages only. Logs go to stderr as JSON lines
// ({"level","fields":{"message",...},"target"}), which is what the CLI parses.
// PostgreSQL only. See README.md for the pitfalls handled here.

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import path from "node:path";
import { parseArgs } from "node:util";

import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as wasmBindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import pg from "pg";

const require = createRequire(import.meta.url);
const WASM_PACKAGE = "@prisma/schema-engine-wasm";
// The package's "exports" hide package.json and the .wasm file; locate them from its entry point.
const wasmPackageDir = path.dirname(require.resolve(WASM_PACKAGE));

// ---------------------------------------------------------------------------
// Logging (stderr, in the tracing JSON format of the native engine)

// stdout is the protocol channel; keep stray console output of any library off it.
console.log = console.info = console.debug = console.error;
// Node prints warnings as plain text, while the CLI requires JSON lines on
// stderr after a `cli` subcommand.
process.removeAllListeners("warning");
process.on("warning", (warning) => log("WARN", `${warning.name}: ${warning.message}`));

function log(level, message, extraFields = {}) {
  process.stderr.write(
    `${JSON.stringify({
      timestamp: new Date().toISOString(),
      level,
      fields: { message, ...extraFields },
      target: "schema_engine::logger",
    })}\n`,
  );
}

// ---------------------------------------------------------------------------
// Connections

const PG_CHAR_OID = 18; // Postgres' internal one-byte "char" type (pg_class.relkind, ...)
const PG_TEXT_OID = 25;

function charColumnsAsText(result) {
  for (const { fields = [] } of [result].flat()) {
    for (const field of fields) {
      if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    }
  }
  return result;
}

// The engine's catalog queries return "char" columns, which adapter-pg rejects
// ("Unsupported column type char"). pg already hands their values over as
// strings, so relabelling the columns as text is enough. Done at the client
// level so that it covers pool queries and transactions alike.
class CatalogFriendlyClient extends pg.Client {
  query(config, values, callback) {
    if (typeof values === "function") [values, callback] = [undefined, values];
    if (typeof callback === "function") {
      return super.query(config, values, (error, result) => callback(error, error ? result : charColumnsAsText(result)));
    }
    const pending = super.query(config, values);
    return typeof pending?.then === "function" ? pending.then(charColumnsAsText) : pending;
  }
}

/** Describes a Postgres connection string; `schema` is Prisma's own parameter, unknown to pg. */
function parseUrl(url) {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema") ?? undefined;
  parsed.searchParams.delete("schema");
  return {
    connectionString: parsed.toString(),
    schema,
    database: decodeURIComponent(parsed.pathname.slice(1)) || "postgres",
    location: `${parsed.hostname || parsed.searchParams.get("host") || "localhost"}:${parsed.port || 5432}`,
  };
}

/** Same server and credentials as `url`, other database. */
function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/** Runs `sql` (one or more statements) on a short-lived connection to `url`. */
async function runOnce(url, sql) {
  const client = new pg.Client({ connectionString: parseUrl(url).connectionString });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function connectAdapter(url, onDispose) {
  const { connectionString, schema } = parseUrl(url);
  const adapter = await new PrismaPg(
    {
      connectionString,
      Client: CatalogFriendlyClient,
      // One lasting connection, like the native engine: the engine takes a
      // session-level advisory lock (pg_advisory_lock) and expects the rest of
      // the command to run in that session, even after idling on a CLI prompt.
      max: 1,
      idleTimeoutMillis: 0,
      // Migration scripts use unqualified names; like the native engine, run
      // them in the `?schema=` of the URL.
      ...(schema && { options: `-c search_path=${quoteIdent(schema)}` }),
    },
    { schema },
  ).connect();
  const pool = adapter.underlyingDriver();
  // adapter-pg splits scripts on ';', which breaks migrations containing
  // functions or DO blocks. Sending the script as one simple-protocol query
  // runs it the way the native engine does (all statements, one implicit
  // transaction).
  adapter.executeScript = async (script) => {
    try {
      await pool.query(script);
    } catch (error) {
      adapter.onError(error); // adapter-pg's mapping to a DriverAdapterError; always throws
    }
  };
  if (onDispose) {
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await onDispose();
    };
  }
  return adapter;
}

/**
 * Adapter factory handed to the wasm engine. Replaces PrismaPg's own
 * connectToShadowDb(), which builds the shadow pool as
 * `{ connectionString, database }`; pg lets the connection string's database
 * win, so the "shadow" database is the main one and migrate dev wipes it.
 */
class MigrationAdapterFactory {
  provider = "postgres";
  adapterName = "@prisma/adapter-pg";

  constructor({ url, shadowDatabaseUrl }) {
    this.url = url;
    this.shadowDatabaseUrl = shadowDatabaseUrl;
  }

  connect() {
    if (!this.url) throw new Error("No datasource URL given to the schema engine (datasource.url in prisma.config.ts).");
    return connectAdapter(this.url);
  }

  connectToShadowDb() {
    return this.shadowDatabaseUrl ? this.#connectToConfiguredShadowDb() : this.#connectToTemporaryShadowDb();
  }

  // Like the native engine: a throwaway database, dropped after use.
  async #connectToTemporaryShadowDb() {
    const database = `prisma_migrate_shadow_db_${randomUUID()}`;
    await runOnce(this.url, `CREATE DATABASE ${quoteIdent(database)}`);
    // Dropped after the pool is closed, otherwise its connections block the drop.
    return connectAdapter(withDatabase(this.url, database), () => runOnce(this.url, `DROP DATABASE IF EXISTS ${quoteIdent(database)}`));
  }

  // Like the native engine: refuse the main database, empty the configured one.
  async #connectToConfiguredShadowDb() {
    const main = parseUrl(this.url);
    const shadow = parseUrl(this.shadowDatabaseUrl);
    if (main.location === shadow.location && main.database === shadow.database) {
      throw new Error(
        "The shadow database you configured appears to be the same as the main database. Please specify another shadow database.",
      );
    }
    const { rows } = await runOnce(
      this.shadowDatabaseUrl,
      `SELECT nspname FROM pg_namespace WHERE nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%'`,
    );
    const dropSchemas = rows.map(({ nspname }) => `DROP SCHEMA ${quoteIdent(nspname)} CASCADE;`).join("\n");
    await runOnce(this.shadowDatabaseUrl, `${dropSchemas}\nCREATE SCHEMA ${quoteIdent(shadow.schema ?? "public")};`);
    return connectAdapter(this.shadowDatabaseUrl);
  }
}

// ---------------------------------------------------------------------------
// Errors, in the shape the CLI reads (user-facing ones carry a Prisma error code)

/** Prisma's codes for connection-level failures, from a pg/network error. */
function connectionError(error, { database, location }) {
  if (error.code === "3D000") {
    return { code: "P1003", message: `Database \`${database}\` does not exist on the database server at \`${location}\`.` };
  }
  if (error.code === "28P01" || error.code === "28000") {
    return { code: "P1000", message: `Authentication failed against database server at \`${location}\`: ${error.message}` };
  }
  if (["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH"].includes(error.code)) {
    return { code: "P1001", message: `Can't reach database server at \`${location}\`` };
  }
  return { code: undefined, message: error.message };
}

// ---------------------------------------------------------------------------
// `cli` subcommands

async function canConnectToDatabase(url) {
  await runOnce(url, "SELECT 1");
}

/** Creates the database named in `url`, connecting to the server's `postgres` database. */
async function createDatabase(url) {
  const { database } = parseUrl(url);
  await runOnce(withDatabase(url, "postgres"), `CREATE DATABASE ${quoteIdent(database)}`);
  return database;
}

const CLI_COMMANDS = {
  "can-connect-to-database": canConnectToDatabase,
  "create-database": createDatabase,
};

async function runCliCommand(command, datasource) {
  // The CLI skips the first stderr line, then expects only JSON lines.
  log("INFO", "Starting schema engine CLI (wasm stand-in)");
  try {
    const run = CLI_COMMANDS[command];
    if (!run) throw new Error(`Unsupported schema engine cli command: ${command}`);
    if (!datasource.url) throw new Error("No datasource URL given to the schema engine (--datasource).");
    await run(datasource.url);
    return 0;
  } catch (error) {
    const { code, message } = datasource.url ? connectionError(error, parseUrl(datasource.url)) : error;
    log("ERROR", message, { is_panic: false, ...(code && { error_code: code }) });
    return 1;
  }
}

// ---------------------------------------------------------------------------
// JSON-RPC server

const wasmPanic = {
  message: "",
  // Called by the wasm module's panic hook before it traps.
  set_message(message) {
    this.message = message;
  },
};

async function loadWasmEngine() {
  globalThis.PRISMA_WASM_PANIC_REGISTRY = wasmPanic;
  // Node 20 cannot `import` a .wasm file (the package's entry point does), so
  // instantiate the module by hand and hand it to the generated bindings.
  const { instance } = await WebAssembly.instantiate(readFileSync(path.join(wasmPackageDir, "schema_engine_bg.wasm")), {
    "./schema_engine_bg.js": wasmBindings,
  });
  wasmBindings.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return wasmBindings.SchemaEngine;
}

function toRpcError(error, errorRegistry) {
  if (error instanceof WebAssembly.RuntimeError) {
    const message = wasmPanic.message || error.message; // the CLI reports a panic with `message`
    return { code: -32000, message, data: { is_panic: true, message, backtrace: error.stack } };
  }
  // Errors thrown in adapter code that are not DriverAdapterErrors (e.g. from
  // connectToShadowDb below) reach the engine only as an id into the adapter's
  // error registry; put their message back.
  const message = (error?.message ?? String(error)).replace(
    /External error id#(\d+)/g,
    (text, id) => errorRegistry.consumeError(Number(id))?.error?.message ?? text,
  );
  return {
    code: -32000,
    message: "An error happened. Check the data field for details.",
    data: { is_panic: false, message, meta: error?.meta ?? null, error_code: error?.code ?? null },
  };
}

async function serveJsonRpc({ datamodels, datasource }) {
  const SchemaEngine = await loadWasmEngine();
  const factory = bindMigrationAwareSqlAdapterFactory(new MigrationAdapterFactory(datasource));
  // Created on the first request that needs it: it connects to the database
  // right away, and a failure must be reported as that request's error.
  let enginePromise;
  const engine = () => {
    enginePromise ??= SchemaEngine.new({ datamodels }, (line) => process.stderr.write(`${line.trimEnd()}\n`), factory);
    return enginePromise;
  };
  const wasm = (method) => async (params) => (await engine())[method](params);

  // The wasm engine's evaluateDataLoss and createMigration get no shadow-database
  // factory: they take the schema produced by the migrations history from a
  // per-engine cache, and fail on a miss. devDiagnostic fills that cache, but for
  // the migrations applied at that time; when `migrate dev` has just applied
  // pending ones, the list differs. diagnoseMigrationHistory then fills it for
  // the current list (all applied by now: the CLI applies pending ones first).
  const withMigrationsCache = (method) => async (params) => {
    try {
      return await wasm(method)(params);
    } catch (error) {
      if (!/shadow DB must be provided through an external factory/.test(error?.message)) throw error;
      const { migrationsList, filters } = params;
      await wasm("diagnoseMigrationHistory")({ migrationsList, filters, optInToShadowDatabase: true });
      return wasm(method)(params);
    }
  };

  const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

  // Requests from the engine to the CLI (only `print`), awaiting the CLI's reply.
  let nextOwnId = 1;
  const pendingReplies = new Map();
  const askCli = (method, params) =>
    new Promise((resolve) => {
      const id = nextOwnId++;
      pendingReplies.set(id, resolve);
      send({ jsonrpc: "2.0", id, method, params });
    });

  // Keyed by the method names the CLI sends; most map 1:1 onto the wasm engine.
  // Left out: introspectSql (`prisma generate --sql`), on which the wasm engine
  // 59be4fda recurses until the stack overflows, taking the process down.
  const handlers = {
    applyMigrations: wasm("applyMigrations"),
    createMigration: withMigrationsCache("createMigration"),
    dbExecute: wasm("dbExecute"),
    debugPanic: wasm("debugPanic"),
    devDiagnostic: wasm("devDiagnostic"),
    diagnoseMigrationHistory: wasm("diagnoseMigrationHistory"),
    ensureConnectionValidity: wasm("ensureConnectionValidity"),
    evaluateDataLoss: withMigrationsCache("evaluateDataLoss"),
    // The wasm engine ignores which database the CLI names (it reports on its
    // adapter's), but fails on params without a `datasource`: pass none.
    getDatabaseVersion: () => wasm("version")(),
    introspect: wasm("introspect"),
    markMigrationApplied: wasm("markMigrationApplied"),
    markMigrationRolledBack: wasm("markMigrationRolledBack"),
    reset: wasm("reset"),
    schemaPush: wasm("schemaPush"),
    // The native engine sends the diff to the CLI in a `print` request (which is
    // how `migrate diff --output` captures it) rather than in the result. The
    // CLI appends a newline to what it prints.
    diff: async (params) => {
      const { stdout, ...result } = await wasm("diff")(params);
      if (stdout) await askCli("print", { content: stdout.replace(/\n$/, "") });
      return { ...result, stdout: null };
    },
    // Not in the wasm engine (which gets an already connected adapter).
    createDatabase: async ({ datasource: target }) => {
      if (target?.tag !== "ConnectionString") throw new Error("createDatabase: only a connection string is supported.");
      return { databaseName: await createDatabase(target.url) };
    },
  };

  const handle = async ({ id, method, params }) => {
    const handler = handlers[method];
    if (!handler) {
      send({ jsonrpc: "2.0", id, error: { code: -32601, message: `Method not supported by the wasm schema engine stand-in: ${method}` } });
      return;
    }
    try {
      send({ jsonrpc: "2.0", id, result: (await handler(params ?? {})) ?? {} });
    } catch (error) {
      const rpcError = toRpcError(error, factory.errorRegistry);
      log("ERROR", rpcError.data.message);
      send({ jsonrpc: "2.0", id, error: rpcError });
    }
  };

  // Requests run one at a time, like in the native engine; replies to our own
  // requests are handled immediately (a running request may be waiting on one).
  let queue = Promise.resolve();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      continue;
    }
    if (message.method === undefined) {
      pendingReplies.get(message.id)?.(message);
      pendingReplies.delete(message.id);
    } else {
      queue = queue.then(() => handle(message));
    }
  }
  await queue; // stdin closed: the CLI is done with us.
}

// ---------------------------------------------------------------------------
// Entry point

function wasmEngineVersion() {
  const { version } = JSON.parse(readFileSync(path.join(wasmPackageDir, "package.json"), "utf8"));
  return version;
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      version: { type: "boolean", short: "V" },
      help: { type: "boolean", short: "h" },
      datamodels: { type: "string", multiple: true },
      datasource: { type: "string" },
      // Accepted for compatibility; the wasm engine has no equivalent options
      // (preview features are read from the schema's generator block anyway).
      "enabled-preview-features": { type: "string" },
      "extension-types": { type: "string" },
    },
  });

  if (values.version) {
    // Only displayed by `prisma --version`; the CLI does not compare the hash
    // for an engine given through PRISMA_SCHEMA_ENGINE_BINARY.
    const version = wasmEngineVersion();
    process.stdout.write(`schema-engine-cli ${version.split(".").at(-1)} (wasm stand-in, ${WASM_PACKAGE}@${version})\n`);
    return 0;
  }
  if (values.help) {
    process.stdout.write("Usage: schema-engine [--datamodels <file>]... [--datasource <json>] [cli <command>] | --version\n");
    return 0;
  }

  const datasource = values.datasource ? JSON.parse(values.datasource) : {};
  if (positionals[0] === "cli") return runCliCommand(positionals[1], datasource);
  if (positionals.length > 0) throw new Error(`Unexpected arguments: ${positionals.join(" ")}`);

  const datamodels = values.datamodels?.map((file) => [file, readFileSync(file, "utf8")]);
  await serveJsonRpc({ datamodels, datasource });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    log("ERROR", error?.stack ?? String(error), { is_panic: false });
    process.exit(1);
  },
);
