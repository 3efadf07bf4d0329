import { type ChildProcess, spawn } from "node:child_process";

export type WorkerProcess = { kill: () => void; exited: Promise<void>; output: () => string };

/**
 * `npx tsx workers/index.ts` with this test's environment (plus `env`), in its own process group so
 * that a kill reaches tsx's node child too. Jobs of a killed worker run again WORKER_LOCK_MS (2 s here)
 * after their lock lapses; it beats every second (WORKER_HEARTBEAT_MS). With `keepOutput`, what it writes
 * on stdout (its log lines) is kept for `output()`.
 */
export function startWorker(env: Record<string, string> = {}, { keepOutput = false } = {}): WorkerProcess {
  const child: ChildProcess = spawn("npx", ["tsx", "workers/index.ts"], {
    cwd: process.cwd(),
    // Only this test's environment: the developer's .env (dotenv/config in the worker) must not fill the gaps.
    // Beats every second: a killed worker leaves the live workers (and their summed metrics) within 3.5 s, not 35.
    env: { ...process.env, WORKER_LOCK_MS: "2000", WORKER_HEARTBEAT_MS: "1000", DOTENV_CONFIG_PATH: "/nonexistent/.env", ...env },
    detached: true,
    stdio: ["ignore", keepOutput ? "pipe" : "ignore", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let killed = false;
  return {
    output: () => stdout,
    // SIGKILL: no chance to finish the job or to hand it back.
    kill: () => {
      if (killed || child.exitCode !== null || child.pid === undefined) return;
      killed = true;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    },
    exited: exited.then(() => {
      if (!killed && child.exitCode !== 0) throw new Error(`worker exited ${child.exitCode}: ${stderr.slice(-2000)}`);
    }),
  };
}

/** Polls `condition` every `everyMs` until it holds; throws after `timeoutMs`. */
export async function until(condition: () => Promise<boolean>, everyMs: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A promise opened from outside: a test holds a peer's answer until it has killed the worker. `opened` tells whether it was. */
export function gate<T = void>(): { promise: Promise<T>; open: (...value: T extends void ? [] : [T]) => void; readonly opened: boolean } {
  let resolve!: (value: T) => void;
  let opened = false;
  const promise = new Promise<T>((r) => (resolve = r));
  return {
    promise,
    open: (...value) => {
      opened = true;
      resolve(value[0] as T);
    },
    get opened() {
      return opened;
    },
  };
}
