import { Queue } from "bullmq";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createKeyRoute } from "@/app/api/api-keys/route";
import { GET as secretStateRoute } from "@/app/api/callback-secret/route";
import { POST as revealSecretRoute } from "@/app/api/callback-secret/reveal/route";
import { POST as rotateCallbackSecretRoute } from "@/app/api/callback-secret/rotate/route";
import { POST as cancelRoute } from "@/app/api/documents/[documentHexId]/cancel/route";
import { POST as sendRoute } from "@/app/api/documents/[documentHexId]/send/route";
import { POST as geolocateRoute } from "@/app/api/signprocess/addSigneeGeolocation/route";
import { POST as rejectRoute } from "@/app/api/signprocess/[id]/reject/route";
import { POST as loginRoute } from "@/app/api/validation/[validationHexId]/login/route";
import { POST as personRejectRoute } from "@/app/api/validation-process/[processHexId]/reject/route";
import { POST as acceptProcessRoute } from "@/app/api/validation-processes/[processHexId]/accept/route";
import { POST as rejectProcessRoute } from "@/app/api/validation-processes/[processHexId]/reject/route";
import { POST as createLinkRoute } from "@/app/api/validations/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/webhook-endpoints/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as updateRoute } from "@/app/api/webhook-endpoints/[webhookHexId]/route";
import { GET as deliveriesRoute } from "@/app/api/webhook-endpoints/[webhookHexId]/deliveries/route";
import { POST as redeliverRoute } from "@/app/api/webhook-endpoints/[webhookHexId]/deliveries/[deliveryHexId]/redeliver/route";
import { POST as rotateRoute } from "@/app/api/webhook-endpoints/[webhookHexId]/rotate-secret/route";
import { POST as testRoute } from "@/app/api/webhook-endpoints/[webhookHexId]/test/route";
import { deliverCallback } from "@/lib/callbacks/deliver-callback";
import { db } from "@/lib/db/client";
import { expireShipments } from "@/lib/documents/expire-shipments";
import { queueConnection } from "@/lib/queue/connection";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { startWorkers } from "@/workers/start";
import { openSignerLink } from "@/lib/signing/open-link";
import { decryptSecret } from "@/lib/security/encryption";
import { deliverWebhook, sweepWebhooks } from "@/lib/webhooks/deliver-webhook";
import { webhookEvents } from "@/lib/webhooks/events";
import { webhooksQueue } from "@/lib/webhooks/jobs";
import { verifyWebhook } from "@/lib/webhooks/signature";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call } from "../support/http";
import { assertDocumentedWebhook } from "./support/documented-answers";
import { integratorReceiver } from "../support/integrator-receiver";
import { createReadyDocument } from "../support/ready-document";
import { signIn } from "../support/sign-in";
import { createSentShipment, signStep } from "../support/signing";
import { seedValidationInReview, type ValidationCalls } from "../support/validation-review";

const receiver = integratorReceiver();
const { received, answers } = receiver;

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let adminB: string;
let operatorA: string;
let base: string;
let queue: Queue;
const loopback = { allowPrivateNetworks: true };
const once = { attemptsMade: 0, attempts: 1 };

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [a, b, operator] = await Promise.all([createTestUser(orgA), createTestUser(orgB), createTestUser(orgA, { role: "operator" })]);
  [adminA, adminB, operatorA] = await Promise.all([signIn(a.email), signIn(b.email), signIn(operator.email)]);
  base = await receiver.start();
  queue = new Queue(webhooksQueue, { connection: queueConnection() });
  await queue.obliterate({ force: true });
});

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await closeProducers();
  await receiver.stop();
});

beforeEach(() => receiver.reset());

type Created = { webhookHexId: string; secret: string; errorCode?: string };

const createEndpoint = (token: string, body: unknown) =>
  call<Created>(createRoute, "/api/webhook-endpoints", { method: "POST", token, body });

async function endpointFor(path: string, events: readonly string[] = webhookEvents, token = adminA) {
  const created = await createEndpoint(token, { url: `${base}${path}`, events });
  expect(created.status).toBe(201);
  return created.body;
}

const deliveryRow = (hexId: string) => db.webhookDelivery.findUniqueOrThrow({ where: { hexId } });

async function sendTest(token: string, webhookHexId: string) {
  return call<{ deliveryHexId: string; status: string; errorCode?: string }>(testRoute, `/api/webhook-endpoints/${webhookHexId}/test`, {
    method: "POST",
    token,
    params: { webhookHexId },
  });
}

type DeliveryPage = {
  _embedded: {
    webhookDeliveries: {
      deliveryHexId: string;
      event: string;
      status: string;
      attempts: number;
      responseCode: number | null;
      durationMs: number | null;
      redeliveryOf: string | null;
    }[];
  };
  page: { size: number; totalElements: number; totalPages: number; number: number };
};

const deliveries = (token: string, webhookHexId: string, query: Record<string, string> = {}) =>
  call<DeliveryPage & { errorCode?: string }>(deliveriesRoute, `/api/webhook-endpoints/${webhookHexId}/deliveries`, {
    token,
    params: { webhookHexId },
    query,
  });

describe("webhook endpoints", () => {
  it("are created with a secret shown once, listed without it, and kept encrypted at rest", async () => {
    const created = await endpointFor("/created", ["document.sent", "document.sealed", "document.sent"]);
    expect(created.webhookHexId).toMatch(/^[0-9a-f]{32}$/);
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { hexId: created.webhookHexId } });
    expect(row.secret).not.toContain(created.secret);
    expect(decryptSecret(row.secret)).toBe(created.secret);
    expect(row.events).toEqual(["document.sent", "document.sealed"]);

    const list = await call<{ _embedded: { webhookEndpoints: Record<string, unknown>[] } }>(listRoute, "/api/webhook-endpoints", {
      token: adminA,
    });
    expect(list.status).toBe(200);
    const listed = list.body._embedded.webhookEndpoints.find((e) => e.webhookHexId === created.webhookHexId);
    expect(listed).toMatchObject({
      url: `${base}/created`,
      events: ["document.sent", "document.sealed"],
      active: true,
      previousSecretExpiresAt: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
  });

  it("refuse a URL the callback rules refuse, an unknown event, an unknown field, and a caller without the privilege", async () => {
    expect((await createEndpoint(adminA, { url: "http://example.test/hook", events: ["document.sent"] })).body.errorCode).toBe(
      "CALLBACK_URL_INVALID",
    );
    expect((await createEndpoint(adminA, { url: "https://169.254.169.254/hook", events: ["document.sent"] })).body.errorCode).toBe(
      "CALLBACK_URL_INVALID",
    );
    expect((await createEndpoint(adminA, { url: "https://example.test/hook", events: ["document.signed"] })).body.errorCode).toBe(
      "WEBHOOK_EVENTS_INVALID",
    );
    expect((await createEndpoint(adminA, { url: "https://example.test/hook", events: [] })).body.errorCode).toBe("WEBHOOK_EVENTS_INVALID");
    expect((await createEndpoint(adminA, { url: "https://example.test/hook", events: ["document.sent"], callbackUrl: "x" })).status).toBe(
      400,
    );
    expect((await createEndpoint(operatorA, { url: "https://example.test/hook", events: ["document.sent"] })).status).toBe(403);
  });

  it("are edited and deleted; another organisation can neither see nor touch one (404)", async () => {
    const { webhookHexId } = await endpointFor("/edited", ["document.sent"]);
    const params = { webhookHexId };
    const path = `/api/webhook-endpoints/${webhookHexId}`;
    const updated = await call(updateRoute, path, {
      method: "PUT",
      token: adminA,
      params,
      body: { events: ["signer.completed"], active: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ events: ["signer.completed"], active: false, url: `${base}/edited` });

    // Organisation B: every call on A's endpoint is not found, and changes nothing.
    expect((await call(getRoute, path, { token: adminB, params })).status).toBe(404);
    expect((await call(updateRoute, path, { method: "PUT", token: adminB, params, body: { url: "https://evil.test/x" } })).status).toBe(
      404,
    );
    expect((await call(rotateRoute, `${path}/rotate-secret`, { method: "POST", token: adminB, params })).status).toBe(404);
    expect((await sendTest(adminB, webhookHexId)).status).toBe(404);
    expect((await deliveries(adminB, webhookHexId)).status).toBe(404);
    expect((await call(deleteRoute, path, { method: "DELETE", token: adminB, params })).status).toBe(404);
    const listB = await call<{ _embedded: { webhookEndpoints: { webhookHexId: string }[] } }>(listRoute, "/api/webhook-endpoints", {
      token: adminB,
    });
    expect(listB.body._embedded.webhookEndpoints.map((e) => e.webhookHexId)).not.toContain(webhookHexId);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { hexId: webhookHexId } })).toMatchObject({
      url: `${base}/edited`,
      active: false,
    });

    // A's delivery cannot be redelivered through B's endpoint either.
    await call(updateRoute, path, { method: "PUT", token: adminA, params, body: { active: true } });
    const sent = await sendTest(adminA, webhookHexId);
    const other = await endpointFor("/other-org", ["document.sent"], adminB);
    const crossed = await call(
      redeliverRoute,
      `/api/webhook-endpoints/${other.webhookHexId}/deliveries/${sent.body.deliveryHexId}/redeliver`,
      {
        method: "POST",
        token: adminB,
        params: { webhookHexId: other.webhookHexId, deliveryHexId: sent.body.deliveryHexId },
      },
    );
    expect(crossed.status).toBe(404);

    expect((await call(deleteRoute, path, { method: "DELETE", token: adminA, params })).body).toEqual({ deleted: true });
    expect((await call(getRoute, path, { token: adminA, params })).status).toBe(404);
  });
});

describe("webhook endpoints with an API key", () => {
  const keyFor = async (roleHexId: string) => {
    const created = await call<{ apiKey: string }>(createKeyRoute, "/api/api-keys", {
      body: { name: `Integración ${Math.random().toString(16).slice(2, 8)}`, roleHexId },
      token: adminA,
    });
    expect(created.status).toBe(201);
    return { "x-api-key": created.body.apiKey };
  };

  it("an integrator's key whose role has the privilege manages its own endpoints, and is named in the audit trail", async () => {
    const key = await keyFor(orgA.adminRole.hexId);
    const created = await call<Created>(createRoute, "/api/webhook-endpoints", {
      headers: key,
      body: { url: `${base}/by-key`, events: ["document.sent"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const params = { webhookHexId: created.body.webhookHexId };
    const path = `/api/webhook-endpoints/${created.body.webhookHexId}`;
    const listed = await call<{ _embedded: { webhookEndpoints: { webhookHexId: string }[] } }>(listRoute, "/api/webhook-endpoints", {
      headers: key,
    });
    expect(listed.body._embedded.webhookEndpoints.map((endpoint) => endpoint.webhookHexId)).toContain(created.body.webhookHexId);
    const updated = await call(updateRoute, path, { method: "PUT", headers: key, params, body: { events: ["document.completed"] } });
    expect(updated.body).toMatchObject({ events: ["document.completed"] });
    const tested = await call(testRoute, `${path}/test`, { method: "POST", headers: key, params });
    expect(tested.status).toBe(202);
    const rotated = await call<{ secret: string }>(rotateRoute, `${path}/rotate-secret`, { method: "POST", headers: key, params });
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect((await call(deliveriesRoute, `${path}/deliveries`, { headers: key, params })).status).toBe(200);
    expect((await call(deleteRoute, path, { method: "DELETE", headers: key, params })).status).toBe(200);
    // Whoever acted is the key's API user, as for everything a key does.
    const logged = await db.operationLog.findFirstOrThrow({
      where: { organizationId: orgA.organization.id, operationEventId: "WEBHOOK_CREATE" },
      orderBy: { id: "desc" },
    });
    const apiUser = await db.apiKey.findFirstOrThrow({ where: { userId: logged.eventUserId! } });
    expect(apiUser.organizationId).toBe(orgA.organization.id);
  });

  it("refuses a key whose role lacks the privilege, and every key on the organisation's callback secret", async () => {
    const operatorKey = await keyFor(orgA.operatorRole.hexId);
    const refused = await call(createRoute, "/api/webhook-endpoints", {
      headers: operatorKey,
      body: { url: "https://example.test/hook", events: ["document.sent"] },
    });
    expect(refused.status).toBe(403);
    const adminKey = await keyFor(orgA.adminRole.hexId);
    expect((await call(revealSecretRoute, "/api/callback-secret/reveal", { method: "POST", headers: adminKey })).status).toBe(403);
    expect((await call(rotateCallbackSecretRoute, "/api/callback-secret/rotate", { method: "POST", headers: adminKey })).status).toBe(403);
  });
});

describe("deliveries", () => {
  it("the test endpoint delivers a signed event: it verifies, a tampered body fails, a replay beyond the tolerance fails", async () => {
    const { webhookHexId, secret } = await endpointFor("/test", ["document.sent"]);
    const sent = await sendTest(adminA, webhookHexId);
    expect(sent.status).toBe(202);
    expect(sent.body.status).toBe("PENDING");
    const row = await deliveryRow(sent.body.deliveryHexId);
    // It was queued for the worker.
    expect(await queue.getJob(`webhook-${row.id}`)).toBeDefined();

    const now = new Date();
    expect(await deliverWebhook({ deliveryId: row.id }, once, loopback, now)).toEqual({ result: "delivered", status: 200 });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.path).toBe("/test");
    expect(request!.headers["x-rubrica-event"]).toBe("webhook.test");
    expect(request!.headers["x-rubrica-delivery"]).toBe(sent.body.deliveryHexId);
    expect(request!.headers["x-rubrica-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(JSON.parse(request!.body)).toMatchObject({ type: "webhook.test", eventHexId: row.eventId, data: { status: "TEST" } });
    assertDocumentedWebhook(request!.body);

    expect(verifyWebhook(secret, request!.headers, request!.body)).toBe(true);
    expect(verifyWebhook(secret, request!.headers, Buffer.from(request!.body))).toBe(true);
    expect(verifyWebhook(secret, request!.headers, request!.body.replace("TEST", "TESU"))).toBe(false);
    expect(verifyWebhook(`${secret}0`, request!.headers, request!.body)).toBe(false);
    expect(verifyWebhook(secret, {}, request!.body)).toBe(false);
    // A replay: the same request, received later than the tolerance allows.
    const t = Number(/t=(\d+)/.exec(String(request!.headers["x-rubrica-signature"]))![1]);
    expect(verifyWebhook(secret, request!.headers, request!.body, 300, new Date((t + 299) * 1000))).toBe(true);
    expect(verifyWebhook(secret, request!.headers, request!.body, 300, new Date((t + 301) * 1000))).toBe(false);
    expect(verifyWebhook(secret, request!.headers, request!.body, 600, new Date((t + 301) * 1000))).toBe(true);

    // Delivered once: running the job again sends nothing.
    expect(await deliverWebhook({ deliveryId: row.id }, once, loopback)).toEqual({ result: "skipped" });
    expect(received).toHaveLength(1);
    const page = await deliveries(adminA, webhookHexId);
    expect(page.body.page).toEqual({ size: 20, totalElements: 1, totalPages: 1, number: 0 });
    expect(page.body._embedded.webhookDeliveries[0]).toMatchObject({
      deliveryHexId: sent.body.deliveryHexId,
      event: "webhook.test",
      status: "DELIVERED",
      attempts: 1,
      responseCode: 200,
      durationMs: expect.any(Number),
    });
  });

  it("failures are recorded and retried until the receiver accepts, and the last failure is final", async () => {
    const { webhookHexId, secret } = await endpointFor("/flaky", ["document.sent"]);
    const { deliveryHexId } = (await sendTest(adminA, webhookHexId)).body;
    const { id } = await deliveryRow(deliveryHexId);
    answers.push(500);
    await expect(deliverWebhook({ deliveryId: id }, { attemptsMade: 0, attempts: 8 }, loopback)).rejects.toThrow(/HTTP 500/);
    const failed = await deliveryRow(deliveryHexId);
    expect(failed).toMatchObject({ status: "PENDING", attempts: 1, responseCode: 500, lastError: "HTTP 500" });
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await deliverWebhook({ deliveryId: id }, { attemptsMade: 1, attempts: 8 }, loopback)).toEqual({
      result: "delivered",
      status: 200,
    });
    expect(await deliveryRow(deliveryHexId)).toMatchObject({ status: "DELIVERED", attempts: 2, responseCode: 200, lastError: null });
    expect(received.map((r) => r.headers["x-rubrica-attempt"])).toEqual(["1", "2"]);
    expect(received.every((r) => verifyWebhook(secret, r.headers, r.body))).toBe(true);

    // A receiver that is down, at the last attempt: FAILED, with the reason.
    await db.webhookEndpoint.update({ where: { hexId: webhookHexId }, data: { url: "http://127.0.0.1:9/closed" } });
    const down = (await sendTest(adminA, webhookHexId)).body.deliveryHexId;
    await expect(deliverWebhook({ deliveryId: (await deliveryRow(down)).id }, { attemptsMade: 7, attempts: 8 }, loopback)).rejects.toThrow(
      /network error/,
    );
    expect(await deliveryRow(down)).toMatchObject({ status: "FAILED", attempts: 1, responseCode: null, nextAttemptAt: null });
    expect((await deliveryRow(down)).lastError).toMatch(/^network error /);
  });

  it("runs through the worker's queue: a 500 and a 503 are retried with backoff until delivered", async () => {
    await queue.obliterate({ force: true });
    answers.push(500, 503);
    // The worker process's own wiring (workers/start.ts), on this queue only.
    const workers = await startWorkers({ queues: [webhooksQueue] });
    await workers.ready();
    try {
      const { webhookHexId } = await endpointFor("/queued", ["document.sent"]);
      const { deliveryHexId } = (await sendTest(adminA, webhookHexId)).body;
      const deadline = Date.now() + 15_000;
      while ((await deliveryRow(deliveryHexId)).status !== "DELIVERED") {
        if (Date.now() > deadline) throw new Error("the webhook was not delivered within 15 s");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await deliveryRow(deliveryHexId)).toMatchObject({ attempts: 3, responseCode: 200 });
      expect(received.filter((r) => r.path === "/queued")).toHaveLength(3);
    } finally {
      await workers.close();
    }
  });

  it("a redelivery sends the same event again and is recorded beside the first", async () => {
    const { webhookHexId, secret } = await endpointFor("/again", ["document.sent"]);
    const first = (await sendTest(adminA, webhookHexId)).body.deliveryHexId;
    await deliverWebhook({ deliveryId: (await deliveryRow(first)).id }, once, loopback);
    const again = await call<{ deliveryHexId: string; redeliveryOf: string }>(
      redeliverRoute,
      `/api/webhook-endpoints/${webhookHexId}/deliveries/${first}/redeliver`,
      { method: "POST", token: adminA, params: { webhookHexId, deliveryHexId: first } },
    );
    expect(again.status).toBe(202);
    expect(again.body.redeliveryOf).toBe(first);
    expect(again.body.deliveryHexId).not.toBe(first);
    await deliverWebhook({ deliveryId: (await deliveryRow(again.body.deliveryHexId)).id }, once, loopback);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(received[1]!.headers["x-rubrica-event-id"]).toBe(received[0]!.headers["x-rubrica-event-id"]);
    expect(verifyWebhook(secret, received[1]!.headers, received[1]!.body)).toBe(true);
    const page = await deliveries(adminA, webhookHexId);
    expect(page.body._embedded.webhookDeliveries.map((d) => [d.deliveryHexId, d.status, d.redeliveryOf])).toEqual([
      [again.body.deliveryHexId, "DELIVERED", first],
      [first, "DELIVERED", null],
    ]);
    // Paged in the product's list shape.
    const second = await deliveries(adminA, webhookHexId, { size: "1", page: "1" });
    expect(second.body.page).toEqual({ size: 1, totalElements: 2, totalPages: 2, number: 1 });
    expect(second.body._embedded.webhookDeliveries.map((d) => d.deliveryHexId)).toEqual([first]);
    // An unknown delivery is not found.
    const unknown = "0".repeat(32);
    expect(
      (
        await call(redeliverRoute, `/api/webhook-endpoints/${webhookHexId}/deliveries/${unknown}/redeliver`, {
          method: "POST",
          token: adminA,
          params: { webhookHexId, deliveryHexId: unknown },
        })
      ).status,
    ).toBe(404);
  });

  it("a lost job is queued again by the sweep", async () => {
    const { webhookHexId } = await endpointFor("/swept", ["document.sent"]);
    const { deliveryHexId } = (await sendTest(adminA, webhookHexId)).body;
    const { id } = await deliveryRow(deliveryHexId);
    await queue.remove(`webhook-${id}`);
    expect(await queue.getJob(`webhook-${id}`)).toBeUndefined();
    expect((await sweepWebhooks(new Date())).requeued).toBe(0);
    await sweepWebhooks(new Date(Date.now() + 2 * 60_000));
    expect(await queue.getJob(`webhook-${id}`)).toBeDefined();
  });
});

describe("secret rotation", () => {
  it("both secrets verify for 24 h after a rotation, the old one not after", async () => {
    const { webhookHexId, secret: old } = await endpointFor("/rotated", ["document.sent"]);
    const rotated = await call<{ webhookHexId: string; secret: string }>(
      rotateRoute,
      `/api/webhook-endpoints/${webhookHexId}/rotate-secret`,
      {
        method: "POST",
        token: adminA,
        params: { webhookHexId },
      },
    );
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret;
    expect(fresh).not.toBe(old);
    const view = await call<{ previousSecretExpiresAt: string }>(getRoute, `/api/webhook-endpoints/${webhookHexId}`, {
      token: adminA,
      params: { webhookHexId },
    });
    const expiresAt = new Date(view.body.previousSecretExpiresAt);
    expect(Math.abs(expiresAt.getTime() - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);

    const deliverAt = async (now: Date) => {
      const { deliveryHexId } = (await sendTest(adminA, webhookHexId)).body;
      await deliverWebhook({ deliveryId: (await deliveryRow(deliveryHexId)).id }, once, loopback, now);
      return received.at(-1)!;
    };
    // During the overlap: two v1 signatures, each secret verifies.
    const during = await deliverAt(new Date(expiresAt.getTime() - 60_000));
    expect(String(during.headers["x-rubrica-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    const duringNow = new Date(expiresAt.getTime() - 60_000);
    expect(verifyWebhook(fresh, during.headers, during.body, 300, duringNow)).toBe(true);
    expect(verifyWebhook(old, during.headers, during.body, 300, duringNow)).toBe(true);
    // After it: only the new secret signs.
    const afterNow = new Date(expiresAt.getTime() + 1000);
    const after = await deliverAt(afterNow);
    expect(String(after.headers["x-rubrica-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(fresh, after.headers, after.body, 300, afterNow)).toBe(true);
    expect(verifyWebhook(old, after.headers, after.body, 300, afterNow)).toBe(false);
  });
});

describe("events", () => {
  async function eventsOf(endpointHexId: string) {
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { hexId: endpointHexId } });
    const rows = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { id: "asc" } });
    return rows.map((row) => ({
      id: row.id,
      event: row.event,
      body: JSON.parse(row.payload) as { type: string; data: Record<string, unknown> },
    }));
  }

  it("each change of a shipment is recorded for the endpoints subscribed to it, and delivered signed", async () => {
    const { webhookHexId, secret } = await endpointFor("/events");
    const sealedOnly = await endpointFor("/sealed-only", ["document.sealed"]);
    const foreign = await endpointFor("/foreign", webhookEvents, adminB);

    // document.sent, through the send route.
    const ready = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    expect(
      (
        await call(sendRoute, `/api/documents/${ready.document.hexId}/send`, {
          method: "POST",
          token: adminA,
          params: { documentHexId: ready.document.hexId },
        })
      ).status,
    ).toBe(200);

    // signer.started, signer.completed, document.completed, document.sealed: a shipment signed and sealed.
    const signed = await createSentShipment(orgA.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    const signer = signed.signers[0]!;
    await openSignerLink(signer.hexId, signer.secret!, { ip: "203.0.113.10", userAgent: "vitest" });
    expect((await signStep(signer.hexId, signer.secret!)).body).toMatchObject({ finished: true });
    expect(await runJob("signing.seal-document", { documentId: signed.document.id })).toMatchObject({ sealed: 1 });

    // document.cancelled
    const cancelled = await createSentShipment(orgA.organization.id, { signers: [{}] });
    const documentHexId = cancelled.document.hexId;
    expect(
      (await call(cancelRoute, `/api/documents/${documentHexId}/cancel`, { method: "POST", token: adminA, params: { documentHexId } }))
        .status,
    ).toBe(200);

    // signer.rejected, document.rejected
    const rejected = await createSentShipment(orgA.organization.id, { signers: [{}] });
    const rejecting = rejected.signers[0]!;
    expect(
      (
        await call(rejectRoute, `/api/signprocess/${rejecting.hexId}/reject`, {
          method: "POST",
          body: { reason: "No" },
          params: { id: rejecting.hexId },
          headers: { "x-url-sign": rejecting.secret! },
        })
      ).body,
    ).toMatchObject({ documentRejected: true });

    // document.expired
    const expiring = await createSentShipment(orgA.organization.id, { signers: [{}] });
    await db.document.update({ where: { id: expiring.document.id }, data: { expirationDate: new Date(Date.now() - 60_000) } });
    await expireShipments();

    const recorded = await eventsOf(webhookHexId);
    const summary = recorded.map((r) => [r.event, r.body.data]);
    expect(summary).toEqual([
      ["document.sent", { documentHexId: ready.document.hexId, status: "SENT" }],
      ["signer.started", { documentHexId: signed.document.hexId, signerHexId: signer.hexId, status: "IN_PROGRESS" }],
      ["signer.completed", { documentHexId: signed.document.hexId, signerHexId: signer.hexId, status: "COMPLETED" }],
      ["document.completed", { documentHexId: signed.document.hexId, status: "COMPLETED" }],
      ["document.sealed", { documentHexId: signed.document.hexId, status: "COMPLETED" }],
      ["document.cancelled", { documentHexId, status: "CANCELLED" }],
      ["signer.rejected", { documentHexId: rejected.document.hexId, signerHexId: rejecting.hexId, status: "REJECTED" }],
      ["document.rejected", { documentHexId: rejected.document.hexId, status: "REJECTED" }],
      ["document.expired", { documentHexId: expiring.document.hexId, status: "EXPIRED" }],
    ]);
    expect((await eventsOf(sealedOnly.webhookHexId)).map((r) => r.event)).toEqual(["document.sealed"]);
    // Another organisation's endpoint hears nothing of these.
    expect(await eventsOf(foreign.webhookHexId)).toEqual([]);
    // Each was queued after its commit.
    for (const row of recorded) expect([row.event, Boolean(await queue.getJob(`webhook-${row.id}`))]).toEqual([row.event, true]);

    for (const row of recorded) await deliverWebhook({ deliveryId: row.id }, once, loopback);
    const arrived = received.filter((r) => r.path === "/events");
    expect(arrived.map((r) => r.headers["x-rubrica-event"])).toEqual(recorded.map((r) => r.event));
    expect(arrived.every((r) => verifyWebhook(secret, r.headers, r.body))).toBe(true);
    // Each body is exactly what the OpenAPI document's webhooks section describes for its event…
    for (const r of arrived) assertDocumentedWebhook(r.body);
    // …and that description is exact: a document event with a signer's field, or a status of the wrong kind, is not it.
    const sent = JSON.parse(arrived[0]!.body) as { data: Record<string, unknown> };
    expect(() => assertDocumentedWebhook(JSON.stringify({ ...sent, data: { ...sent.data, signerHexId: signer.hexId } }))).toThrow(
      /does not match/,
    );
    // A signer event names the signer signerHexId, as the status and the …/signers/{signerHexId} paths do.
    const started = JSON.parse(arrived[1]!.body) as { data: Record<string, unknown> };
    const { signerHexId, ...rest } = started.data;
    expect(() => assertDocumentedWebhook(JSON.stringify({ ...started, data: { ...rest, processHexId: signerHexId } }))).toThrow(
      /does not match/,
    );
    expect(() => assertDocumentedWebhook(JSON.stringify({ ...sent, data: { ...sent.data, status: "LAPSED" } }))).toThrow(/does not match/);
  });
});

describe("validation events", () => {
  const calls = (token: string): ValidationCalls => ({
    createLink: (body) => call<{ validationHexId: string }>(createLinkRoute, "/api/validations", { token, body }),
    login: (validationHexId, body, ip) =>
      call<{ processHexId: string; urlSign: string }>(loginRoute, `/api/validation/${validationHexId}/login`, {
        body,
        ip,
        params: { validationHexId },
      }),
    geolocate: (body, urlSign) =>
      call(geolocateRoute, "/api/signprocess/addSigneeGeolocation", { body, headers: { "x-url-sign": urlSign } }),
  });

  it("validation.completed and validation.rejected: staff decisions and the person's own rejection", async () => {
    const { webhookHexId, secret } = await endpointFor("/validations", ["validation.completed", "validation.rejected"]);
    const accepted = await seedValidationInReview(calls(adminA), orgA.organization.id, { firstName: "Ana", lastName: "Acepta" });
    const refused = await seedValidationInReview(calls(adminA), orgA.organization.id, { firstName: "Rui", lastName: "Rechaza" });
    const decide = (route: unknown, processHexId: string, body: unknown) =>
      call(route, `/api/validation-processes/${processHexId}/decide`, { token: adminA, body, params: { processHexId } });
    expect((await decide(acceptProcessRoute, accepted.processHexId, {})).status).toBe(200);
    expect((await decide(rejectProcessRoute, refused.processHexId, { reason: "Documento ilegible" })).status).toBe(200);
    // The person declines a new process of the same link.
    const entered = await calls(adminA).login(accepted.validationHexId, { pin: "2468" }, "198.51.100.7");
    expect(entered.status).toBe(200);
    const declined = await call(personRejectRoute, `/api/validation-process/${entered.body.processHexId}/reject`, {
      body: { reason: "No quiero" },
      params: { processHexId: entered.body.processHexId },
      headers: { "x-url-sign": entered.body.urlSign },
    });
    expect(declined.status).toBe(200);

    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { hexId: webhookHexId } });
    const rows = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.event, (JSON.parse(row.payload) as { data: unknown }).data])).toEqual([
      ["validation.completed", { processHexId: accepted.processHexId, status: "COMPLETED" }],
      ["validation.rejected", { processHexId: refused.processHexId, status: "REJECTED" }],
      ["validation.rejected", { processHexId: entered.body.processHexId, status: "REJECTED" }],
    ]);
    for (const row of rows) await deliverWebhook({ deliveryId: row.id }, once, loopback);
    const arrived = received.filter((r) => r.path === "/validations");
    expect(arrived).toHaveLength(3);
    expect(arrived.every((r) => verifyWebhook(secret, r.headers, r.body))).toBe(true);
    for (const r of arrived) assertDocumentedWebhook(r.body);
  });
});

describe("the organisation's callback secret", () => {
  it("an administrator reveals it once and rotates it; the per-shipment callback then carries both signatures for 24 h", async () => {
    const org = await createTestOrganization();
    const admin = await signIn((await createTestUser(org)).email);
    const operator = await signIn((await createTestUser(org, { role: "operator" })).email);
    expect((await call(revealSecretRoute, "/api/callback-secret/reveal", { method: "POST", token: operator })).status).toBe(403);
    expect((await call(secretStateRoute, "/api/callback-secret", { token: admin })).body).toEqual({
      revealed: false,
      previousSecretExpiresAt: null,
    });
    const revealed = await call<{ secret: string }>(revealSecretRoute, "/api/callback-secret/reveal", { method: "POST", token: admin });
    expect(revealed.status).toBe(200);
    expect(revealed.body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const again = await call<{ errorCode: string }>(revealSecretRoute, "/api/callback-secret/reveal", { method: "POST", token: admin });
    expect([again.status, again.body.errorCode]).toEqual([409, "CALLBACK_SECRET_REVEALED"]);

    // The callback of a completed shipment, signed with it, verifies with verifyWebhook.
    const shipment = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    await db.document.update({ where: { id: shipment.document.id }, data: { callBackUrl: `${base}/callback` } });
    expect((await signStep(shipment.signers[0]!.hexId, shipment.signers[0]!.secret!)).body).toMatchObject({ finished: true });
    await runJob("signing.seal-document", { documentId: shipment.document.id });
    await deliverCallback({ documentId: shipment.document.id, kind: "completed" }, once, loopback);
    const before = received.at(-1)!;
    expect(before.path).toBe("/callback");
    expect(verifyWebhook(revealed.body.secret, before.headers, before.body)).toBe(true);

    const rotated = await call<{ secret: string }>(rotateCallbackSecretRoute, "/api/callback-secret/rotate", {
      method: "POST",
      token: admin,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(revealed.body.secret);
    const state = await call<{ revealed: boolean; previousSecretExpiresAt: string }>(secretStateRoute, "/api/callback-secret", {
      token: admin,
    });
    expect(state.body.revealed).toBe(true);
    expect(new Date(state.body.previousSecretExpiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);

    // Another organisation's administrator reveals their own secret, never this one.
    const otherSecret = await call<{ secret: string }>(revealSecretRoute, "/api/callback-secret/reveal", { method: "POST", token: adminB });
    expect([revealed.body.secret, rotated.body.secret]).not.toContain(otherSecret.body.secret);

    const second = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    await db.document.update({ where: { id: second.document.id }, data: { callBackUrl: `${base}/callback` } });
    expect((await signStep(second.signers[0]!.hexId, second.signers[0]!.secret!)).body).toMatchObject({ finished: true });
    await runJob("signing.seal-document", { documentId: second.document.id });
    await deliverCallback({ documentId: second.document.id, kind: "completed" }, once, loopback);
    const during = received.at(-1)!;
    expect(String(during.headers["x-rubrica-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(rotated.body.secret, during.headers, during.body)).toBe(true);
    expect(verifyWebhook(revealed.body.secret, during.headers, during.body)).toBe(true);
  });
});
