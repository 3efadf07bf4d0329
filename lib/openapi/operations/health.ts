import { rateLimits } from "@/lib/security/rate-limits";
import { z } from "zod";
import { answer } from "../registry";
import { operationGroup } from "./common";

const part = z
  .object({
    state: z.enum(["up", "down"]),
    required: z.boolean().describe("Whether the node cannot serve without it (database, redis, storage)"),
    latencyMs: z.number().int().describe("How long the check took"),
    reason: z
      .string()
      .optional()
      .describe("Why it is down: timeout, unreachable, no heartbeat, unexpected chain id, misconfigured, starting, not started..."),
    workers: z.number().int().optional().describe("worker: the worker processes with a fresh heartbeat"),
    lastBeatAt: z.string().optional().describe("worker: the newest heartbeat"),
    chainId: z.number().int().optional().describe("chain:<network>: the chain id its node answered"),
    threads: z.number().int().optional().describe("faceThreads: the face threads running in this web node (server.ts)"),
  })
  .describe("One part's state");

const readinessBody = z.object({
  status: z
    .enum(["ready", "degraded", "unavailable"])
    .describe("unavailable (503) while a required part is down; degraded while another is"),
  parts: z
    .record(z.string(), part)
    .describe(
      "database, redis, storage (writable), worker (heartbeat), chain:<network> for each network in STAMPING_NETWORKS, and faceThreads where the node counts uploaded ID photos' faces on threads of its own (not required: else on its main thread)",
    ),
});

export const healthOperations = operationGroup(
  "Operations",
  "public",
)({
  health: {
    method: "get",
    path: "/api/health",
    tenancy: "public",
    summary: "Liveness: the process answers",
    description: "Asks nothing else (no database, no Redis): for a liveness probe, which restarts a process that stops answering.",
    responses: answer("The process is alive", z.object({ status: z.literal("ok") })),
  },
  ready: {
    method: "get",
    path: "/api/ready",
    tenancy: "public",
    summary: "Readiness: each part's state and latency",
    description:
      "The database, Redis and the storage are required; the workers' heartbeat and the stamping networks are reported but not required (work waits for them). No address or setting is shown.",
    responses: {
      ...answer("Every required part is up", { schema: readinessBody, component: "Readiness" }),
      ...answer("A required part is down", { schema: readinessBody, component: "Readiness" }, 503),
    },
  },
  metrics: {
    method: "get",
    path: "/api/metrics",
    rateLimits: [rateLimits.metricsTokenFailures],
    tenancy: "public",
    summary: "Prometheus metrics of this web node and of the live workers",
    description:
      "`Authorization: Bearer <METRICS_TOKEN>`. With no METRICS_TOKEN configured the endpoint refuses everyone (403). Series: rubrica_http_request_duration_seconds{method,route,status}, rubrica_queue_jobs{queue,state}, rubrica_workers_alive, rubrica_job_duration_seconds{queue,job,outcome}, rubrica_job_failures_total{queue,job}, and the Node.js process metrics. Wrong tokens are limited per client address (429).",
    responses: { 200: { description: "Prometheus text exposition format", files: ["text/plain; version=0.0.4"] } },
    errors: [401, 403, 429],
    errorNotes: { 401: "No token or a wrong one", 403: "METRICS_TOKEN is not configured: the metrics are closed" },
  },
});
