import { performance } from "node:perf_hooks";

/**
 * What a fresh server is asked once, by itself, before it says it is ready: the sign-in page, the liveness route,
 * the signer link and the signer home page (without a link: they lead to the link-error page, which is fetched too), and the portal's
 * sign-in for a portal page (the portal's pages themselves need a session). Only GETs that write
 * nothing: no counted link use, no rate-limit hit on an address, no audit event. The first of them pays Next's and
 * our modules' first loads, compilation and connections, so the first person does not.
 */
export const warmUpPaths = ["/signin", "/api/health", "/sign", "/signature-process/home-page", "/signin/dashboard"] as const;

export type WarmUpTiming = { path: string; ms: number; status: number | null };

async function timedGet(base: string, path: string): Promise<WarmUpTiming> {
  const started = performance.now();
  try {
    const response = await fetch(new URL(path, base), { signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
    return { path, ms: performance.now() - started, status: response.status };
  } catch {
    return { path, ms: performance.now() - started, status: null };
  }
}

/**
 * Requests every warm-up path once, one after the other, then the first again: its cold and warm times, the
 * measure of what warming saved the first visitor.
 */
export async function warmUp(base: string): Promise<{ cold: WarmUpTiming[]; warm: WarmUpTiming }> {
  const cold: WarmUpTiming[] = [];
  for (const path of warmUpPaths) cold.push(await timedGet(base, path));
  return { cold, warm: await timedGet(base, warmUpPaths[0]) };
}

export function describeWarmUp({ cold, warm }: Awaited<ReturnType<typeof warmUp>>): string {
  const each = cold.map(({ path, ms, status }) => `${path} ${ms.toFixed(0)} ms${status === null ? " (no answer)" : ""}`).join(", ");
  return `warm-up: ${each}; ${warm.path} again ${warm.ms.toFixed(0)} ms`;
}
