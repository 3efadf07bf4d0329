import { createInterface } from "node:readline";
import { startStatementCounter } from "./pg-statement-counter";

// Another process reading an organisation's configuration, for tests/integration/config-cache.test.ts:
// each line "read" on stdin answers one JSON line with the values and the SQL statements the read sent
// (counted on the wire, tests/support/pg-statement-counter.ts). Argument: organizationId.
const organizationId = Number(process.argv[2]);
const counter = await startStatementCounter(process.env.DATABASE_URL!);
process.env.DATABASE_URL = counter.url; // before any app module reads env()

const { configCacheLive } = await import("@/lib/config/cache");
const { getConfigValues } = await import("@/lib/config/values");

for (let waited = 0; !configCacheLive(); waited += 50) {
  if (waited > 10_000) throw new Error("not subscribed to configuration changes");
  await new Promise((resolve) => setTimeout(resolve, 50));
}
console.log(JSON.stringify({ ready: true }));

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== "read") break;
  counter.reset();
  const values = await getConfigValues(organizationId, ["max_capture_attempts", "ui_sign_color"]);
  console.log(JSON.stringify({ values, statements: counter.count() }));
}
process.exit(0);
