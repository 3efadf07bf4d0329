import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

// Integration tests get their own database and Redis db, which the global setup empties first.
// TEST_SLOT=N gives a parallel run (another engineer's, another checkout) its own database, Redis db
// and SMTP/Twilio ports, so two runs on one machine never drop each other's data.
const slot = Number(process.env.TEST_SLOT ?? 0);
// Redis has databases 0–15: 0 is the developer's, 10 and 12 the benchmarks', 14 the browser tests', 15 slot 0's.
// The other eleven are the parallel slots' (1–9 → 1–9, 10 → 11, 11 → 13); a slot beyond them would silently share.
const slotRedisDbs = [15, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13];
if (!Number.isInteger(slot) || slot < 0 || slot >= slotRedisDbs.length) {
  throw new Error(`TEST_SLOT must be an integer from 0 to ${slotRedisDbs.length - 1} (each slot has its own Redis database)`);
}
const suffix = slot ? `_${slot}` : "";
const integrationEnv = {
  NODE_ENV: "test",
  DATABASE_URL: `postgresql://postgres@127.0.0.1:5432/rubrica_test${suffix}`,
  REDIS_URL: `redis://127.0.0.1:6379/${slotRedisDbs[slot]}`,
  AUTH_SECRET: "integration-test-secret-0123456789abcdef0123456789abcdef",
  DATA_ENCRYPTION_KEY: "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
  APP_BASE_URL: "http://127.0.0.1:3000",
  MAIL_OUTBOX_DIR: `.tmp/integration${suffix}/outbox`,
  SMTP_URL: `smtp://127.0.0.1:${2625 + 10 * slot}`,
  MAIL_FROM: "no-reply@rubrica.test",
  TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000001",
  TWILIO_AUTH_TOKEN: "integration0000000000000000000001",
  TWILIO_FROM: "+15005550006",
  TWILIO_API_BASE_URL: `http://127.0.0.1:${2626 + 10 * slot}`,
  STORAGE_DIR: `.tmp/integration${suffix}/storage`,
  // Retried invitations back off for seconds in tests, not minutes.
  DELIVERY_RETRY_DELAY_MS: "300",
  // The tests' callback receivers listen on loopback: the explicit opt-in (the default refuses them).
  CALLBACK_ALLOW_PRIVATE_NETWORKS: "true",
  // Warnings and errors only: a line per request would bury the test output (the log-secrets test asks for more).
  LOG_LEVEL: "warn",
} satisfies Partial<NodeJS.ProcessEnv>;

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: root },
      // Outside Next's react-server build "server-only" throws on import; under test it must be inert.
      { find: /^server-only$/, replacement: fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)) },
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // Pure code: no connection is ever opened, but modules that read env() at call time need values.
          env: {
            NODE_ENV: "test",
            DATABASE_URL: "postgresql://unit-tests-open-no-connection@127.0.0.1:1/none",
            AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789abcdef",
            DATA_ENCRYPTION_KEY: "1f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
            LOG_LEVEL: "warn",
          },
          // Some unit files load modules afresh per test or run openssl; on a loaded 2-core machine 5 s is not enough.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/setup.ts"],
          env: integrationEnv,
          // One database and one Redis db are shared by all files: run them one after another in one fork.
          pool: "forks",
          maxWorkers: 1,
          fileParallelism: false,
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
