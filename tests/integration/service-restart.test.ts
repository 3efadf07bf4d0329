import { connect, createServer, type Server, type Socket } from "node:net";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { queueConnection } from "@/lib/queue/connection";
import { closeProducers, enqueueJobs } from "@/lib/queue/enqueue";
import { queueNames, schedules } from "@/workers/registry";
import { sealDocumentJob, signingQueue } from "@/lib/sealing/pdf-jobs";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { createSentShipment, signStep } from "../support/signing";
import { throwawayRedis } from "../support/redis-server";
import { startWorker, until, type WorkerProcess } from "../support/worker-process";

// Issue 5 item 8: "a restart of Redis or PostgreSQL loses no job". A worker runs against a Redis of
// its own (a redis-server started here, keeping nothing on disk like the project's) and reaches
// PostgreSQL through a TCP relay that this test can cut, as a database restart does: every open
// connection dropped, new ones refused until it is back.

const slot = Number(process.env.TEST_SLOT ?? 0);
let org: TestOrganization;

beforeAll(async () => {
  org = await createTestOrganization();
});

afterAll(async () => {
  await closeProducers();
});

/** A shipment whose one signer has signed, ready to be sealed, with no job queued for it anywhere. */
async function readyToSeal() {
  const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
  expect((await signStep(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
  return document;
}

const sealedAt = async (documentId: number) => (await db.document.findUniqueOrThrow({ where: { id: documentId } })).sealedAt;

describe("Redis restarts under a running worker", () => {
  const port = 16390 + slot;
  const url = `redis://127.0.0.1:${port}/0`;
  let worker: WorkerProcess | null = null;

  const { start: startRedis, stop: stopRedis } = throwawayRedis(port);

  afterAll(async () => {
    worker?.kill();
    await worker?.exited;
    await stopRedis();
  });

  it("registers the repeating jobs again (the reconcile sweep among them) and goes on taking jobs", async () => {
    await startRedis();
    const connections: Redis[] = [];
    const connection = (): Redis => {
      const made = new Redis(url, { maxRetriesPerRequest: null }).on("error", () => {}); // refused while Redis restarts
      connections.push(made);
      return made;
    };
    const queues = Object.fromEntries(
      queueNames.map((name) => [name, new Queue(name, { connection: connection() }).on("error", () => {})]),
    );
    const scheduled = async () => {
      const names = new Set<string>();
      for (const queue of Object.values(queues))
        for (const scheduler of await queue.getJobSchedulers().catch(() => [])) names.add(scheduler.key);
      return names;
    };
    try {
      worker = startWorker({ REDIS_URL: url });
      await until(async () => (await scheduled()).size === schedules.length, 100, 60_000);
      expect([...(await scheduled())].sort()).toEqual(schedules.map((schedule) => schedule.name).sort());

      // The restart: Redis comes back empty (no persistence), every queued job and scheduler gone.
      await stopRedis();
      await startRedis();
      await until(async () => (await scheduled()).size === schedules.length, 100, 30_000);
      expect((await scheduled()).has("signing.reconcile")).toBe(true);

      // The same worker, on its reconnected connections, takes new work.
      const document = await readyToSeal();
      await queues[signingQueue]!.add("signing.seal-document", { documentId: document.id }, sealDocumentJob(document.id).options);
      await until(async () => (await sealedAt(document.id)) !== null, 100, 60_000);
    } finally {
      for (const queue of Object.values(queues)) await queue.close();
      for (const made of connections) made.disconnect();
    }
  }, 150_000);
});

describe("PostgreSQL restarts under a running worker", () => {
  let relay: Server;
  let relayPort = 0;
  let up = true;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL!);
    relay = createServer((client) => {
      if (!up) {
        client.destroy();
        return;
      }
      const server = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, server]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(server).pipe(client);
      client.on("close", () => server.destroy());
      server.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    relayPort = (relay.address() as { port: number }).port;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => relay.close(resolve));
  });

  /** Down: every connection cut and new ones refused, as while PostgreSQL restarts. */
  const goDown = () => {
    up = false;
    for (const socket of sockets) socket.destroy();
  };

  it("a job that ran into the database being down is retried and done once it is back", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.port = String(relayPort);
    const queue = new Queue(signingQueue, { connection: queueConnection() });
    await queue.obliterate({ force: true });
    const worker = startWorker({ DATABASE_URL: url.href });
    try {
      // The worker is up and has talked to the database (a first job done), then the database goes away.
      const first = await readyToSeal();
      await enqueueJobs([sealDocumentJob(first.id)]);
      await until(async () => (await sealedAt(first.id)) !== null, 100, 60_000);
      goDown();

      const second = await readyToSeal();
      await enqueueJobs([sealDocumentJob(second.id)]);
      const job = () => queue.getJob(`seal-document-${second.id}`);
      // It fails while the database is away, and waits for its retry.
      await until(async () => ((await job())?.attemptsMade ?? 0) >= 1, 100, 60_000);
      expect(await sealedAt(second.id)).toBeNull();

      up = true;
      await until(async () => (await sealedAt(second.id)) !== null, 200, 90_000);
      expect(await db.auditEvent.count({ where: { documentId: second.id, type: "document.sealed" } })).toBe(1);
      await until(async () => (await job().then((found) => found?.getState())) === "completed", 100, 10_000);
    } finally {
      up = true;
      worker.kill();
      await worker.exited;
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }, 200_000);
});
