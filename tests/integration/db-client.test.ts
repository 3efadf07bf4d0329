import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createTestOrganization } from "../support/fixtures";
import { createSentShipment } from "../support/signing";

// pg 8.20+ warns "Calling client.query() when the client is already executing a query is deprecated"
// (an error from pg 9) when queries overlap on one connection, which Prisma does inside interactive
// transactions for sibling relations. lib/db/client.ts sends them one after another instead.
describe("database client", () => {
  it("answers overlapping reads inside one transaction correctly, without pg's overlapping-query warning", async () => {
    const org = await createTestOrganization();
    const { document } = await createSentShipment(org.organization.id, { signers: [{}, {}, { position: 2 }], steps: ["SIGNATURE"] });
    // A fresh process: pg warns once per process, and this one may already have.
    const run = spawnSync("npx", ["tsx", "tests/support/sibling-reads.ts", String(document.id)], {
      cwd: process.cwd(),
      env: { ...process.env, DOTENV_CONFIG_PATH: "/nonexistent/.env", NODE_OPTIONS: "--trace-deprecation" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split("\n").at(-1)!)).toEqual({ files: 1, signers: 3, orders: 2, counts: [3, 1, 0] });
    expect(run.stderr).not.toMatch(/already executing a query/);
    expect(run.stderr).not.toMatch(/DeprecationWarning/);
  }, 60_000);
});
