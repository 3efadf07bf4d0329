import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { flushRedis, migrateDatabase, recreateDatabase, seedDatabase } from "../support/database";
import { readEnvFile } from "../support/env-file";
import { startFakeTwilio } from "../support/fake-twilio";
import { startSmtpSink } from "../support/smtp-sink";

const root = fileURLToPath(new URL("../..", import.meta.url));

// Browser tests read the codes the app sends from these directories, one JSON file per message.
export const e2eMailDir = path.join(root, ".tmp/e2e-mail");
export const e2eSmsDir = path.join(root, ".tmp/e2e-sms");

export function e2eEnv(): Record<string, string> {
  return readEnvFile(path.join(root, "tests/e2e/e2e.env"));
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

async function writeJson(dir: string, recipient: string, payload: unknown): Promise<void> {
  const name = `${Date.now()}-${process.hrtime.bigint()}-${recipient.replace(/[^A-Za-z0-9@._+-]/g, "_")}.json`;
  await writeFile(path.join(dir, name), JSON.stringify(payload, null, 2));
}

// Playwright starts the web server before this runs; the web server waits on its port only, so no request
// reaches the app (and so the database) until the database below has been recreated.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const env = e2eEnv();
  const { DATABASE_URL, REDIS_URL, SMTP_URL, TWILIO_API_BASE_URL, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } = env;
  if (!DATABASE_URL || !REDIS_URL || !SMTP_URL || !TWILIO_API_BASE_URL || !TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN) {
    throw new Error("tests/e2e/e2e.env must set DATABASE_URL, REDIS_URL, SMTP_URL and the TWILIO_* variables");
  }

  await recreateDatabase(DATABASE_URL);
  migrateDatabase(env);
  seedDatabase(env);
  await flushRedis(REDIS_URL);

  await Promise.all([e2eMailDir, e2eSmsDir].map((dir) => rm(dir, { recursive: true, force: true })));
  await Promise.all([e2eMailDir, e2eSmsDir].map((dir) => mkdir(dir, { recursive: true })));

  const sink = await startSmtpSink({
    port: portOf(SMTP_URL),
    onMessage: (mail) => writeJson(e2eMailDir, mail.to[0] ?? "unknown", { ...mail, raw: undefined }),
  });
  const twilio = await startFakeTwilio({
    port: portOf(TWILIO_API_BASE_URL),
    accountSid: TWILIO_ACCOUNT_SID,
    authToken: TWILIO_AUTH_TOKEN,
    onMessage: (sms) => writeJson(e2eSmsDir, sms.to, sms),
  });

  // Jobs (mail, SMS, stamping) run in the worker, which must start only once its database and Redis db are ready.
  let worker: ChildProcess | undefined;
  if (existsSync(path.join(root, "workers/index.ts"))) {
    worker = spawn("npx", ["tsx", "workers/index.ts"], {
      cwd: root,
      env: { ...process.env, DOTENV_CONFIG_PATH: "/nonexistent/.env", ...env },
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    });
  }

  return async () => {
    if (worker?.pid && worker.exitCode === null) process.kill(-worker.pid, "SIGTERM");
    await Promise.all([sink.stop(), twilio.stop()]);
  };
}
