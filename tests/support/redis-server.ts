import { type ChildProcess, spawn } from "node:child_process";
import { Redis } from "ioredis";
import { until } from "./worker-process";

/**
 * A redis-server of the test's own on `port` (keeping nothing on disk, like the project's), to stop and start again as
 * a restart or an outage does; the machine's Redis is never touched. `start` resolves once it takes connections.
 */
export function throwawayRedis(port: number) {
  let server: ChildProcess | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
        stdio: "ignore",
      });
      const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
      probe.on("error", () => {}); // refused until redis-server listens
      try {
        await until(
          () =>
            probe.connect().then(
              () => true,
              () => false,
            ),
          50,
          10_000,
        );
      } finally {
        probe.disconnect();
      }
    },
    async stop() {
      const proc = server;
      server = null;
      if (!proc || proc.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        proc.once("exit", () => resolve());
        proc.kill("SIGKILL");
      });
    },
  };
}
