import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { clientAddressHeaders, sendRequest } from "./http";

/**
 * GET /api/metrics's Prometheus text as a scraper gets it (this process's metrics and the live workers' summed), read
 * with a METRICS_TOKEN set for this one call; the variable is put back as it was.
 */
export async function scrapeMetrics(): Promise<string> {
  const before = process.env.METRICS_TOKEN;
  const token = randomBytes(24).toString("hex");
  process.env.METRICS_TOKEN = token;
  try {
    const headers = { ...clientAddressHeaders("198.51.100.250"), "user-agent": "vitest", authorization: `Bearer ${token}` };
    const response = await sendRequest(metricsRoute, new NextRequest("http://127.0.0.1:3000/api/metrics", { headers }));
    if (response.status !== 200) throw new Error(`GET /api/metrics answered ${response.status}`);
    return await response.text();
  } finally {
    if (before === undefined) delete process.env.METRICS_TOKEN;
    else process.env.METRICS_TOKEN = before;
  }
}

/** A sample's value in a Prometheus text answer (`series` as written there, labels included), or undefined when absent. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Every sample of `metric` (a full sample name, e.g. a histogram's `..._count`) by its labels as written ("" for none). */
function samplesOf(text: string, metric: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(\{.*\})? (\S+)$/.exec(line);
    if (match?.[1] === metric) found.set(match[2] ?? "", Number(match[3]));
  }
  return found;
}

/**
 * The samples of `metric` that grew between two scrapes, by labels ("" for none), with how much each grew (a
 * counter's or histogram's series appears with its first observation: it grew from 0). A sample that fell is left out:
 * a worker that stopped between the scrapes (another test file's, killed) takes its counts out of the sum, which
 * Prometheus reads as a counter reset; it says nothing of what the test did.
 */
export function changes(before: string, after: string, metric: string): Record<string, number> {
  const [old, now] = [samplesOf(before, metric), samplesOf(after, metric)];
  const grown: Record<string, number> = {};
  for (const labels of new Set([...old.keys(), ...now.keys()])) {
    const by = (now.get(labels) ?? 0) - (old.get(labels) ?? 0);
    if (by > 0) grown[labels] = by;
  }
  return grown;
}
