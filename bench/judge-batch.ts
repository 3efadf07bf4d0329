// The liveness benches' one way to judge: scripts/identity-check.ts --batch (the worker's code path and configuration)
// on a list of cases, one result per case, in order.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { LivenessMeasurements } from "@/lib/evidence/liveness-check";

export type BatchCase = { selfie?: string; id?: string; video: string; digits?: string; prompts?: unknown };
export type BatchResult = { liveness?: { decision: string; reasons?: string[]; measurements?: LivenessMeasurements }; ms: number };
export type Judged = { decision: string; reasons: string[]; ms: number };

/** The operator command on the cases; the batch file is written in `dir`, one per process (runs side by side). */
export function judgeBatch(cases: readonly BatchCase[], dir: string): BatchResult[] {
  const batch = path.join(dir, `batch-${process.pid}.jsonl`);
  writeFileSync(
    batch,
    cases.map(({ selfie, id, video, digits, prompts }) => JSON.stringify({ id, selfie, video, digits, prompts })).join("\n") + "\n",
  );
  const output = execFileSync("npx", ["tsx", "scripts/identity-check.ts", "--batch", batch], { encoding: "utf8", maxBuffer: 64 << 20 });
  return output
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as BatchResult);
}

/** The decision and its reasons ("none" when no liveness was judged). */
export const judged = (result: BatchResult): Judged => ({
  decision: result.liveness?.decision ?? "none",
  reasons: result.liveness?.reasons ?? [],
  ms: result.ms,
});
