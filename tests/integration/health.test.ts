import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as metrics } from "@/app/api/metrics/route";
import { GET as ready } from "@/app/api/ready/route";
import { heartbeatStaleMs } from "@/lib/health/heartbeat";
import { closeProducers, enqueueJobs, removeJob } from "@/lib/queue/enqueue";
import { hardhatDevKey } from "@/lib/stamping/networks";
import { hardhatNode } from "../support/hardhat-node";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { sample } from "../support/metrics";
import { throwawayRedis } from "../support/redis-server";
import { startWorker, until, type WorkerProcess } from "../support/worker-process";

// Issue 13 item 2: liveness, readiness part by part (503 while a required part is down, 200 again after), and the
// Prometheus metrics behind their token, with the queues' depths and a real worker's job metrics.

type Part = { state: "up" | "down"; required: boolean; latencyMs: number; reason?: string; workers?: number };
type ReadyBody = { status: string; parts: Record<string, Part> };

const slot = Number(process.env.TEST_SLOT ?? 0);
// Beats every second here (the worker inherits it), so a killed worker counts as gone within seconds.
const beatBefore = process.env.WORKER_HEARTBEAT_MS;
process.env.WORKER_HEARTBEAT_MS = "1000";
let worker: WorkerProcess | null = null;

const readiness = () => call<ReadyBody>(ready, "/api/ready");

async function scrape(token: string | null, ip = "198.51.100.7") {
  const headers: Record<string, string> = { ...clientAddressHeaders(ip), "user-agent": "vitest" };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const response = await sendRequest(metrics, new NextRequest("http://127.0.0.1:3000/api/metrics", { headers }));
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: await response.text() };
}

beforeAll(async () => {
  // A real worker (workers/index.ts) on this test's database and Redis: its heartbeat is what readiness looks for.
  worker = startWorker();
  await until(async () => (await readiness()).body.parts.worker?.state === "up", 200, 60_000);
}, 90_000);

afterAll(async () => {
  worker?.kill();
  await worker?.exited;
  await closeProducers();
  if (beatBefore === undefined) delete process.env.WORKER_HEARTBEAT_MS;
  else process.env.WORKER_HEARTBEAT_MS = beatBefore;
});

describe("GET /api/health", () => {
  it("answers 200 while the process runs, asking nothing else", async () => {
    const { status, body } = await call(health, "/api/health");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });
});

describe("GET /api/ready", () => {
  it("answers 200 with every part up, each with its latency, and no setting in the answer", async () => {
    const { status, body } = await readiness();
    expect(status).toBe(200);
    expect(body.status).toBe("ready");
    expect(Object.keys(body.parts).sort()).toEqual(["database", "redis", "storage", "worker"]);
    for (const part of Object.values(body.parts)) {
      expect(part.state).toBe("up");
      expect(part.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(body.parts.database!.required && body.parts.redis!.required && body.parts.storage!.required).toBe(true);
    expect(body.parts.worker!.required).toBe(false);
    expect(body.parts.worker!.workers).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify(body);
    for (const secret of [process.env.DATABASE_URL!, process.env.REDIS_URL!, process.env.AUTH_SECRET!, "127.0.0.1"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("reports the worker down once its heartbeat stops, still 200 (work waits in the queues)", async () => {
    worker?.kill();
    await worker?.exited;
    worker = null;
    // A killed worker cannot say goodbye: it counts as gone when its last beat is older than its heartbeatStaleMs (3.5
    // beats of its own WORKER_HEARTBEAT_MS, a second here). Each beat says how long it holds: the web judges it by that,
    // not by its own setting, here a minute (which would keep a dead worker "up" for 3.5 minutes).
    const workerStaleMs = heartbeatStaleMs();
    process.env.WORKER_HEARTBEAT_MS = "60000";
    try {
      await until(async () => (await readiness()).body.parts.worker?.state === "down", 250, workerStaleMs + 10_000);
    } finally {
      process.env.WORKER_HEARTBEAT_MS = "1000";
    }
    const { status, body } = await readiness();
    expect(status).toBe(200);
    expect(body.status).toBe("degraded");
    expect(body.parts.worker).toMatchObject({ state: "down", reason: "no heartbeat" });
    worker = startWorker();
    await until(async () => (await readiness()).body.status === "ready", 200, 60_000);
  }, 90_000);

  describe("with Redis stopped", () => {
    // The web process's Redis connection (lib/queue/redis.ts, kept on globalThis) pointed for this block at a
    // redis-server started and stopped here; the machine's Redis is never touched.
    const port = 16410 + slot;
    let own: Redis | undefined;
    const shared = globalThis as unknown as { rubricaRedis?: Redis };
    let original: Redis | undefined;

    const { start: startRedis, stop: stopRedis } = throwawayRedis(port);

    beforeAll(async () => {
      await startRedis();
      original = shared.rubricaRedis;
      own = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 3 }).on("error", () => {});
      shared.rubricaRedis = own;
    });

    afterAll(async () => {
      shared.rubricaRedis = original;
      own?.disconnect();
      await stopRedis();
    });

    it("answers 503 with Redis down, and 200 again once it is back", async () => {
      expect((await readiness()).status).toBe(200);

      await stopRedis();
      const down = await readiness();
      expect(down.status).toBe(503);
      expect(down.body.status).toBe("unavailable");
      expect(down.body.parts.redis).toMatchObject({ state: "down", required: true });
      expect(down.body.parts.database!.state).toBe("up");
      expect(down.body.parts.storage!.state).toBe("up");

      await startRedis();
      await until(async () => (await readiness()).status === 200, 200, 20_000);
      expect((await readiness()).body.parts.redis!.state).toBe("up");
    }, 60_000);
  });
});

describe("GET /api/metrics", () => {
  const token = randomBytes(24).toString("hex");

  afterAll(() => {
    delete process.env.METRICS_TOKEN;
  });

  it("is refused to everyone while METRICS_TOKEN is not set, whatever they send", async () => {
    delete process.env.METRICS_TOKEN;
    expect((await scrape(null)).status).toBe(403);
    expect((await scrape("anything-at-all-anything-at-all-anything")).status).toBe(403);
  });

  it("is refused without the token or with a wrong one", async () => {
    process.env.METRICS_TOKEN = token;
    const none = await scrape(null);
    expect(none.status).toBe(401);
    expect(none.text).not.toContain("rubrica_");
    expect((await scrape(`${token}x`)).status).toBe(401);
  });

  it("limits wrong tokens per client address", async () => {
    process.env.METRICS_TOKEN = token;
    const ip = `198.51.100.${100 + slot}`;
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await scrape(randomBytes(24).toString("hex"), ip)).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The right token from that address is refused too until the window ends: guessing gains nothing.
    expect((await scrape(token, ip)).status).toBe(429);
  });

  it("answers Prometheus text with the queues' depths, HTTP latency per route and the worker's job metrics", async () => {
    process.env.METRICS_TOKEN = token;
    await call(health, "/api/health");
    // A job held back an hour shows as delayed in its queue; one due now runs on the worker.
    const held = `health-test-held-${randomBytes(4).toString("hex")}`;
    const now = `health-test-now-${randomBytes(4).toString("hex")}`;
    const delayedSeries = 'rubrica_queue_jobs{queue="maintenance",state="delayed"}';
    const before = await scrape(token);
    expect(before.status).toBe(200);
    expect(before.contentType).toContain("text/plain");
    const delayedBefore = sample(before.text, delayedSeries);
    expect(delayedBefore).toBeDefined();

    await enqueueJobs([
      { queue: "maintenance", name: "maintenance.purge-expired-auth", data: {}, options: { jobId: held, delay: 3_600_000 } },
      { queue: "maintenance", name: "maintenance.purge-expired-auth", data: {}, options: { jobId: now } },
    ]);
    try {
      const after = await scrape(token);
      expect(sample(after.text, delayedSeries)).toBe(delayedBefore! + 1);
      expect(
        sample(after.text, 'rubrica_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(after.text).toMatch(/^rubrica_workers_alive [1-9]/m);

      // The worker's run of the due job reaches the web's answer with the worker's next heartbeat.
      const completed = 'rubrica_job_duration_seconds_count{queue="maintenance",job="maintenance.purge-expired-auth",outcome="completed"}';
      await until(async () => (sample((await scrape(token)).text, completed) ?? 0) >= 1, 500, 30_000);
    } finally {
      await removeJob("maintenance", held);
      await removeJob("maintenance", now);
    }
  }, 60_000);
});

describe("GET /api/ready with a stamping network configured", () => {
  const node = hardhatNode(18575 + slot);
  let readyWithChain: typeof ready;

  beforeAll(async () => {
    await node.start();
    // env() is read once per module load: load the readiness route under this block's variables.
    vi.stubEnv("STAMPING_NETWORKS", "local");
    vi.stubEnv("STAMPING_PRIVATE_KEY", hardhatDevKey);
    vi.stubEnv("STAMPING_LOCAL_RPC_URL", node.url);
    vi.resetModules();
    readyWithChain = (await import("@/app/api/ready/route")).GET;
  }, 90_000);

  afterAll(async () => {
    await node.stop();
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("reports the chain's node with its chain id, and down without failing readiness once it stops", async () => {
    const up = await call<ReadyBody>(readyWithChain, "/api/ready");
    expect(up.status).toBe(200);
    expect(up.body.parts["chain:local"]).toMatchObject({ state: "up", required: false, chainId: 31337 });
    expect(JSON.stringify(up.body)).not.toContain(node.url);

    await node.stop();
    const down = await call<ReadyBody>(readyWithChain, "/api/ready");
    expect(down.status).toBe(200);
    expect(down.body.status).toBe("degraded");
    expect(down.body.parts["chain:local"]).toMatchObject({ state: "down", reason: "unreachable" });
  }, 30_000);
});
