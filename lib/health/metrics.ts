import { timingSafeEqual, createHash } from "node:crypto";
import { Queue } from "bullmq";
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type MetricObjectWithValues,
  type MetricValue,
} from "prom-client";
import { queueConnection } from "@/lib/queue/connection";
import { redis } from "@/lib/queue/redis";
import { knownQueues, liveWorkerIds, liveWorkerMetrics } from "./heartbeat";

// Prometheus metrics (GET /api/metrics). The web process keeps its own (HTTP latency per route, process); each worker
// keeps its job metrics and sends them with its heartbeat; a scrape adds the queues' depths read from Redis and sums
// the live workers' metrics into one answer.

const jobStates = ["waiting", "active", "delayed", "prioritized", "waiting-children", "paused", "failed", "completed"] as const;

type WebMetrics = { registry: Registry; httpDuration: Histogram<"method" | "route" | "status"> };
type WorkerMetrics = { registry: Registry; jobDuration: Histogram<"queue" | "job" | "outcome">; jobFailures: Counter<"queue" | "job"> };
type WorkMetrics = {
  registry: Registry;
  messages: Counter<"channel" | "outcome">;
  identityCheckDuration: Histogram<"check" | "result">;
  stampBatchSize: Histogram;
  stampConfirmations: Counter<"network" | "outcome">;
};

// On globalThis: one set per process even where modules load twice (Next.js dev reloads, separate route bundles).
const globalForMetrics = globalThis as unknown as {
  rubricaWebMetrics?: WebMetrics;
  rubricaWorkerMetrics?: WorkerMetrics;
  rubricaWorkMetrics?: WorkMetrics;
  rubricaMetricQueues?: Map<string, Queue>;
};

/**
 * What the product's work did, counted wherever it ran (mostly the worker; the web sends a few mails itself): mails
 * and SMS sent or failed, face and liveness check durations, stamping batches and their confirmations. Each process
 * has this set; the worker's travels with its heartbeat and a scrape sums them.
 */
function workMetrics(): WorkMetrics {
  if (!globalForMetrics.rubricaWorkMetrics) {
    const registry = new Registry();
    globalForMetrics.rubricaWorkMetrics = {
      registry,
      messages: new Counter({
        name: "rubrica_messages_total",
        help: "Mails and SMS handed to their transport, by channel (mail, sms) and outcome (sent, failed)",
        labelNames: ["channel", "outcome"] as const,
        registers: [registry],
      }),
      identityCheckDuration: new Histogram({
        name: "rubrica_identity_check_duration_seconds",
        help: "Time a face check (selfie) or liveness check (video) took, by check and result (VERIFIED, FAILED, IN_REVIEW, error)",
        labelNames: ["check", "result"] as const,
        buckets: [0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120],
        registers: [registry],
      }),
      stampBatchSize: new Histogram({
        name: "rubrica_stamp_batch_evidences",
        help: "Evidences in each stamping batch opened (one Merkle root)",
        buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000],
        registers: [registry],
      }),
      stampConfirmations: new Counter({
        name: "rubrica_stamp_confirmations_total",
        help: "Stamping transactions of a batch on a network, by network and outcome (confirmed, failed)",
        labelNames: ["network", "outcome"] as const,
        registers: [registry],
      }),
    };
  }
  return globalForMetrics.rubricaWorkMetrics;
}

/** Sends one mail or SMS through `send` (SMTP/Twilio or the outbox), counted as sent or failed. */
export async function countedMessage<T>(channel: "mail" | "sms", send: () => Promise<T>): Promise<T> {
  try {
    const sent = await send();
    workMetrics().messages.inc({ channel, outcome: "sent" });
    return sent;
  } catch (error) {
    workMetrics().messages.inc({ channel, outcome: "failed" });
    throw error;
  }
}

/** One face or liveness examination, timed from `startedAt` (performance.now()); `result` is its verdict or "error". */
export function observeIdentityCheck(check: "face" | "liveness", result: string, startedAt: number): void {
  workMetrics().identityCheckDuration.observe({ check, result }, (performance.now() - startedAt) / 1000);
}

/** A stamping batch opened with `evidences` evidences. */
export function observeStampBatch(evidences: number): void {
  workMetrics().stampBatchSize.observe(evidences);
}

/** A batch's transaction on `network` confirmed, or the attempt failed. */
export function countStampConfirmation(network: string, outcome: "confirmed" | "failed"): void {
  workMetrics().stampConfirmations.inc({ network, outcome });
}

function webMetrics(): WebMetrics {
  if (!globalForMetrics.rubricaWebMetrics) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const httpDuration = new Histogram({
      name: "rubrica_http_request_duration_seconds",
      help: "Time to answer an API request, by method, route (its path pattern) and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
    new Gauge({
      name: "rubrica_queue_jobs",
      help: "Jobs in each BullMQ queue, by state",
      labelNames: ["queue", "state"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        // Redis down: no series rather than no answer (readiness says why).
        const queues = await knownQueues(redis()).catch(() => []);
        for (const name of queues) {
          const counts = await metricQueue(name)
            .getJobCounts(...jobStates)
            .catch(() => null);
          if (counts) for (const state of jobStates) this.set({ queue: name, state }, counts[state] ?? 0);
        }
      },
    });
    new Gauge({
      name: "rubrica_workers_alive",
      help: "Worker processes whose heartbeat is fresh",
      registers: [registry],
      async collect() {
        this.reset();
        const live = await liveWorkerIds(redis()).catch(() => null);
        if (live) this.set(live.length);
      },
    });
    globalForMetrics.rubricaWebMetrics = { registry, httpDuration };
  }
  return globalForMetrics.rubricaWebMetrics;
}

/** A Queue handle per name for counting only, all on one connection (BullMQ shares a connection it is given). */
function metricQueue(name: string): Queue {
  const queues = (globalForMetrics.rubricaMetricQueues ??= new Map());
  let queue = queues.get(name);
  if (!queue) {
    const connection = queues.size > 0 ? [...queues.values()][0]!.opts.connection : queueConnection();
    queue = new Queue(name, { connection });
    queues.set(name, queue);
  }
  return queue;
}

/** The worker process's metrics: what its jobs took and how they ended. */
export function workerMetrics(): WorkerMetrics {
  if (!globalForMetrics.rubricaWorkerMetrics) {
    const registry = new Registry();
    const jobDuration = new Histogram({
      name: "rubrica_job_duration_seconds",
      help: "Time a job's run took, by queue, job name and outcome (completed or failed)",
      labelNames: ["queue", "job", "outcome"] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers: [registry],
    });
    const jobFailures = new Counter({
      name: "rubrica_job_failures_total",
      help: "Failed job runs (each failed attempt counts), by queue and job name",
      labelNames: ["queue", "job"] as const,
      registers: [registry],
    });
    globalForMetrics.rubricaWorkerMetrics = { registry, jobDuration, jobFailures };
  }
  return globalForMetrics.rubricaWorkerMetrics;
}

type FinishedJob = { name: string; queueName: string; processedOn?: number; finishedOn?: number };

/** Records one finished run of a job (the worker's completed and failed events). */
export function observeJob(job: FinishedJob | undefined, outcome: "completed" | "failed"): void {
  if (!job) return;
  const metrics = workerMetrics();
  if (job.processedOn && job.finishedOn) {
    metrics.jobDuration.observe({ queue: job.queueName, job: job.name, outcome }, (job.finishedOn - job.processedOn) / 1000);
  }
  if (outcome === "failed") metrics.jobFailures.inc({ queue: job.queueName, job: job.name });
}

/** The worker's metrics as its heartbeat carries them. */
export async function workerMetricsSnapshot(): Promise<MetricObjectWithValues<MetricValue<string>>[]> {
  return [...(await workerMetrics().registry.getMetricsAsJSON()), ...(await workMetrics().registry.getMetricsAsJSON())];
}

/** Records one answered API request; `route` is its path pattern (lib/http/route-descriptor.ts), never the raw path. */
export function observeHttpRequest(method: string, route: string, status: number, startedAt: number): void {
  webMetrics().httpDuration.observe({ method, route, status: String(status) }, (performance.now() - startedAt) / 1000);
}

/** The whole answer of GET /api/metrics: this web process's metrics and the live workers' summed. */
export async function scrape(): Promise<{ contentType: string; body: string }> {
  const own = [...(await webMetrics().registry.getMetricsAsJSON()), ...(await workMetrics().registry.getMetricsAsJSON())];
  const workers = (await liveWorkerMetrics(redis()).catch(() => [])) as Parameters<typeof AggregatorRegistry.aggregate>[0];
  const merged = AggregatorRegistry.aggregate([own, ...workers] as Parameters<typeof AggregatorRegistry.aggregate>[0]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether `presented` is METRICS_TOKEN. Null when no token is configured: the endpoint is then closed to everyone
 * (safe by default), not open.
 */
export function metricsTokenMatches(presented: string | null): boolean | null {
  // Read at each request (lib/config/env.ts validates it with the rest): a token too short to resist guessing closes it.
  const expected = process.env.METRICS_TOKEN;
  if (!expected || expected.length < 32) return null;
  return presented !== null && timingSafeEqual(digest(presented), digest(expected));
}
