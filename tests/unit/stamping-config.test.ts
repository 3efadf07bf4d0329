import { afterEach, describe, expect, it, vi } from "vitest";

// env() is read once per module load: each case loads lib/stamping/networks.ts under its own variables.
async function configUnder(variables: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  vi.resetModules();
  const { stampingConfig } = await import("@/lib/stamping/networks");
  return () => stampingConfig();
}

describe("the stamping key", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is never the public hardhat development key by default, whatever NODE_ENV says", async () => {
    for (const nodeEnv of [undefined, "development", "test", "production"]) {
      const config = await configUnder({ NODE_ENV: nodeEnv, STAMPING_NETWORKS: "local", STAMPING_PRIVATE_KEY: undefined });
      expect(config).toThrow(/STAMPING_PRIVATE_KEY/);
    }
  });

  it("is the one configured, also for the local development chain", async () => {
    const key = `0x${"ab".repeat(32)}`;
    const config = await configUnder({ NODE_ENV: undefined, STAMPING_NETWORKS: "local", STAMPING_PRIVATE_KEY: key });
    expect(config().privateKey).toBe(key);
  });

  it("is not needed while stamping is off", async () => {
    const config = await configUnder({ STAMPING_NETWORKS: undefined, STAMPING_PRIVATE_KEY: undefined });
    expect(config().networks).toEqual([]);
  });
});
