#!/usr/bin/env node
// Runs the project's Prisma CLI: `node scripts/prisma.mjs <prisma args>`.
//
// The CLI needs a native schema-engine binary, normally downloaded from
// binaries.prisma.sh on install or first use. Where that binary is missing
// (offline machines, CI without access to that host), point the CLI at the
// wasm stand-in in tools/schema-engine/ instead. See tools/schema-engine/README.md.

import { spawn } from "node:child_process";
import { accessSync, constants, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const standIn = path.join(root, "tools/schema-engine/schema-engine.mjs");

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The native engine, as @prisma/engines installs it: schema-engine-<binary target>. */
function hasNativeEngine() {
  const enginesDir = path.dirname(path.dirname(require.resolve("@prisma/engines")));
  return readdirSync(enginesDir).some(
    (name) => /^schema-engine-[\w.-]+$/.test(name) && !/\.(gz|sha256)$/.test(name) && isExecutable(path.join(enginesDir, name)),
  );
}

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && !hasNativeEngine()) {
  // With this set the CLI neither downloads nor version-checks the engine.
  env.PRISMA_SCHEMA_ENGINE_BINARY = standIn;
}
if (path.resolve(env.PRISMA_SCHEMA_ENGINE_BINARY ?? "") === standIn) {
  if (!isExecutable(standIn)) {
    console.error(`scripts/prisma.mjs: ${standIn} is not executable (chmod +x it).`);
    process.exit(1);
  }
  // The stand-in is for machines without access to Prisma's servers: skip the
  // update check and telemetry too.
  env.CHECKPOINT_DISABLE ??= "1";
  env.PRISMA_HIDE_UPDATE_MESSAGE ??= "1";
}

const prismaCli = path.join(path.dirname(require.resolve("prisma/package.json")), "build/index.js");
const child = spawn(process.execPath, [prismaCli, ...process.argv.slice(2)], { stdio: "inherit", env });

// Ctrl-C reaches the CLI directly (same process group); a SIGTERM sent to this
// wrapper alone is passed on.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("exit", (code, signal) => process.exit(signal ? 128 + os.constants.signals[signal] : code));
