import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// The README's test command must work on a fresh clone by itself: no .env, no DATABASE_URL in the
// environment. These are the first things it does (scripts/test.sh): make .env, generate the client.

const root = process.cwd();
let dir = "";

function freshCheckout(): string {
  dir = mkdtempSync(path.join(os.tmpdir(), "rubrica-clone-"));
  for (const entry of ["package.json", "prisma.config.ts", ".env.example", "prisma", "scripts", "tools/schema-engine"]) {
    cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

/** Like a new user's shell: none of this test run's settings. */
function run(cwd: string, command: string, args: string[]) {
  const environment = { ...process.env };
  for (const key of Object.keys(environment)) {
    if (/^(DATABASE_URL|REDIS_URL|AUTH_SECRET|DATA_ENCRYPTION_KEY|APP_BASE_URL|STORAGE_DIR|SMTP_URL|NODE_ENV)$/.test(key))
      delete environment[key];
  }
  return spawnSync(command, args, { cwd, env: environment, encoding: "utf8", timeout: 120_000 });
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

describe("a fresh clone", () => {
  it("generates the Prisma client with no .env and no DATABASE_URL", () => {
    const cwd = freshCheckout();
    const result = run(cwd, "node", ["scripts/prisma.mjs", "generate"]);
    expect(result.status, result.stderr.slice(-2000)).toBe(0);
    expect(existsSync(path.join(cwd, "lib/db/generated/client.ts"))).toBe(true);
  }, 150_000);

  it("gets a .env with fresh secrets from the test command's first step, and keeps an existing one", () => {
    const cwd = freshCheckout();
    expect(run(cwd, "bash", ["scripts/ensure-env.sh"]).status).toBe(0);
    const first = readFileSync(path.join(cwd, ".env"), "utf8");
    expect(first).toMatch(/^AUTH_SECRET=[0-9a-f]{64}$/m);
    expect(first).toMatch(/^DATA_ENCRYPTION_KEY=[0-9a-f]{64}$/m);
    expect(first).toMatch(/^DATABASE_URL=postgresql:\/\//m);
    expect(run(cwd, "bash", ["scripts/ensure-env.sh"]).status).toBe(0);
    expect(readFileSync(path.join(cwd, ".env"), "utf8")).toBe(first);
  }, 30_000);

  it("is what the test command starts with", () => {
    const script = readFileSync(path.join(root, "scripts/test.sh"), "utf8");
    const ensureEnv = script.indexOf("check env bash scripts/ensure-env.sh");
    expect(ensureEnv).toBeGreaterThan(-1);
    expect(ensureEnv).toBeLessThan(script.indexOf("check generate"));
  });
});
