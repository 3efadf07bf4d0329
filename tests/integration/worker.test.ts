import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Queue, QueueEvents } from "bullmq";
import { db } from "@/lib/db/client";
import { queueConnection } from "@/lib/queue/connection";
import { runJob } from "@/workers/registry";
import { startWorkers, type StartedWorkers } from "@/workers/start";
import { createTestOrganization, createTestUser } from "../support/fixtures";

const queueName = "maintenance";
let queue: Queue;
let events: QueueEvents;
let workers: StartedWorkers;

beforeAll(async () => {
  queue = new Queue(queueName, { connection: queueConnection() });
  events = new QueueEvents(queueName, { connection: queueConnection() });
  // The worker process's own wiring (workers/start.ts), on this queue only.
  workers = await startWorkers({ queues: [queueName] });
  await Promise.all([events.waitUntilReady(), workers.ready()]);
});

afterAll(async () => {
  await workers.close();
  await events.close();
  await queue.obliterate({ force: true });
  await queue.close();
});

describe("worker: maintenance.purge-expired-auth", () => {
  it("ends sessions past their expiry and deletes stale one-time codes, and a second run changes nothing", async () => {
    const org = await createTestOrganization();
    const user = await createTestUser(org);
    const expired = await db.authSession.create({
      data: { userId: user.id, organizationId: org.organization.id, mfaPassed: true, expiresAt: new Date(Date.now() - 60_000) },
    });
    const live = await db.authSession.create({
      data: { userId: user.id, organizationId: org.organization.id, mfaPassed: true, expiresAt: new Date(Date.now() + 60 * 60_000) },
    });
    const staleCode = await db.oneTimeCode.create({
      data: { userId: user.id, purpose: "UNLOCK", codeHash: `stale-${user.hexId}`, expiresAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) },
    });
    const freshCode = await db.oneTimeCode.create({
      data: { userId: user.id, purpose: "UNLOCK", codeHash: `fresh-${user.hexId}`, expiresAt: new Date(Date.now() + 60_000) },
    });

    const job = await queue.add("maintenance.purge-expired-auth", {});
    const result = (await job.waitUntilFinished(events, 15_000)) as { endedSessions: number; deletedCodes: number };
    expect(result.endedSessions).toBeGreaterThanOrEqual(1);
    expect((await db.authSession.findUniqueOrThrow({ where: { id: expired.id } })).endReason).toBe("expired");
    expect((await db.authSession.findUniqueOrThrow({ where: { id: live.id } })).endedAt).toBeNull();
    expect(await db.oneTimeCode.findUnique({ where: { id: staleCode.id } })).toBeNull();
    expect(await db.oneTimeCode.findUnique({ where: { id: freshCode.id } })).not.toBeNull();

    const again = await queue.add("maintenance.purge-expired-auth", {});
    expect(await again.waitUntilFinished(events, 15_000)).toEqual({ endedSessions: 0, deletedCodes: 0 });
  });

  it("refuses a job it does not know or a payload that does not match", async () => {
    await expect(runJob("no.such-job", {})).rejects.toThrow("Unknown job");
    await expect(runJob("maintenance.purge-expired-auth", { extra: 1 })).rejects.toThrow();
  });
});
