import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

// A local EVM node (`hardhat node`, hardhat 2, chain id 31337) on a loopback port, for the stamping
// tests and bench. Restarting it starts a fresh chain (nonces from 0, no old transactions).

const root = path.resolve(import.meta.dirname, "../..");
const hardhatCli = path.join(root, "node_modules/hardhat/internal/cli/bootstrap.js");

export type HardhatNode = { url: string; port: number; start: () => Promise<void>; stop: () => Promise<void> };

export function hardhatNode(port: number): HardhatNode {
  let child: ChildProcess | null = null;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    start: () =>
      new Promise<void>((resolve, reject) => {
        const proc = spawn(
          process.execPath,
          [hardhatCli, "--config", "chain/hardhat.config.cjs", "node", "--hostname", "127.0.0.1", "--port", String(port)],
          {
            cwd: root,
            env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: "true", NODE_ENV: "development" },
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
        child = proc;
        let output = "";
        // Minutes, not seconds, on a machine shared by several test runs.
        const timer = setTimeout(() => reject(new Error(`hardhat node did not start on ${url}:\n${output}`)), 150_000);
        proc.stdout?.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("Started HTTP")) {
            clearTimeout(timer);
            resolve();
          }
        });
        proc.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
        proc.on("exit", (code) => {
          clearTimeout(timer);
          if (child === proc) child = null;
          reject(new Error(`hardhat node exited (${code}):\n${output}`));
        });
      }),
    stop: async () => {
      const proc = child;
      if (!proc || proc.exitCode !== null) return;
      child = null;
      await new Promise<void>((resolve) => {
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      });
    },
  };
}
