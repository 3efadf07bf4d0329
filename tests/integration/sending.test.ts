import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Job, Queue, QueueEvents, Worker } from "bullmq";
import { POST as sendRoute } from "@/app/api/documents/[documentHexId]/send/route";
import { POST as cancelRoute } from "@/app/api/documents/[documentHexId]/cancel/route";
import { POST as resendRoute } from "@/app/api/documents/[documentHexId]/signers/[signerHexId]/resend/route";
import { POST as retryRoute } from "@/app/api/documents/[documentHexId]/deliveries/[deliveryHexId]/retry/route";
import { GET as statusRoute } from "@/app/api/documents/[documentHexId]/status/route";
import { db } from "@/lib/db/client";
import type { DocumentStatusView } from "@/lib/documents/document-status";
import { inviteNextOrderIfDue } from "@/lib/documents/invite-next-order";
import { deliveryJob, deliveryJobId, shipmentsQueue } from "@/lib/documents/shipment-jobs";
import { translator } from "@/lib/i18n/messages";
import { queueConnection } from "@/lib/queue/connection";
import { closeProducers, enqueueJobs } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { startWorkers, type StartedWorkers } from "@/workers/start";
import { sha256Hex } from "@/lib/security/random";
import { twoOrganizations } from "../support/cast";
import { call } from "../support/http";
import type { TestOrganization } from "../support/fixtures";
import { createReadyDocument, testPhone } from "../support/ready-document";
import { startSmtpSink, type SinkMail } from "../support/smtp-sink";
import { peers } from "./setup";

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let operatorA: string;
let noRoleA: string;
let adminB: string;
let queue: Queue;
let events: QueueEvents;
let worker: Worker;
let workers: StartedWorkers;

beforeAll(async () => {
  ({ orgA, orgB, adminA, operatorA, noRoleA, adminB } = await twoOrganizations());
  queue = new Queue(shipmentsQueue, { connection: queueConnection() });
  events = new QueueEvents(shipmentsQueue, { connection: queueConnection() });
  // The worker process's own wiring (workers/start.ts), on the shipments queue only.
  workers = await startWorkers({ queues: [shipmentsQueue] });
  worker = workers.worker(shipmentsQueue);
  await Promise.all([events.waitUntilReady(), worker.waitUntilReady()]);
});

afterAll(async () => {
  await workers.close();
  await events.close();
  await queue.obliterate({ force: true });
  await queue.close();
  await closeProducers();
});

const linkPattern = /\/sign\/([0-9a-f]{32})\/([0-9a-f]{32})/;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function linkIn(text: string): { secret: string; processHexId: string; path: string } {
  const match = linkPattern.exec(text);
  if (!match) throw new Error("No signing link in the message");
  return { secret: match[1] ?? "", processHexId: match[2] ?? "", path: match[0] };
}

const mailTo = (address: string) => (mail: SinkMail) => mail.to.includes(address);

const send = (token: string, documentHexId: string) =>
  call<DocumentStatusView & { errorCode?: string }>(sendRoute, `/api/documents/${documentHexId}/send`, {
    method: "POST",
    token,
    params: { documentHexId },
  });
const status = (token: string, documentHexId: string) =>
  call<DocumentStatusView & { errorCode?: string }>(statusRoute, `/api/documents/${documentHexId}/status`, {
    token,
    params: { documentHexId },
  });

describe("sending a shipment", () => {
  it("mails each signer, in their language, a link to their home page whose secret only the database's hash matches", async () => {
    const { document, signers, title } = await createReadyDocument(orgA.organization.id, {
      signers: [{ language: "es_es" }, { language: "en_us" }],
    });
    const sent = await send(adminA, document.hexId);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe("SENT");

    for (const [index, locale] of (["es-es", "en-us"] as const).entries()) {
      const signer = signers[index]!;
      const mail = await peers.mail.waitFor(mailTo(signer.email!), 10_000);
      const t = translator(locale, "mail");
      expect(mail.subject).toBe(t("invitation.subject", { organization: orgA.organization.name, title }));
      expect(mail.text).toContain(orgA.organization.name);
      expect(mail.html).toContain(orgA.organization.name);
      expect(mail.text).toContain(t("greeting", { name: signer.firstName }));
      const link = linkIn(mail.text);
      expect(mail.html).toContain(link.path);
      expect(link.processHexId).toBe(signer.hexId);
      expect(mail.text).toContain(`http://127.0.0.1:3000/sign/${link.secret}/${signer.hexId}`);
      const stored = await db.signer.findUniqueOrThrow({ where: { id: signer.id } });
      expect(stored.urlSignHash).toBe(sha256Hex(link.secret));
      expect(stored.status).toBe("PENDING");
      expect(stored.invitedAt).not.toBeNull();
      expect(JSON.stringify(sent.body)).not.toContain(link.secret);
    }
    const deliveries = await until(
      () => db.delivery.findMany({ where: { signer: { documentId: document.id } } }),
      (rows) => rows.every((d) => d.status === "SENT"),
    );
    expect(deliveries).toHaveLength(2);
    expect(deliveries.every((d) => d.kind === "INVITATION" && d.channel === "EMAIL" && d.attempts === 1)).toBe(true);
  });

  it("texts a signer whose favourite channel is SMS through Twilio with From, To and the link", async () => {
    const phone = testPhone();
    const { document, signers, title } = await createReadyDocument(orgA.organization.id, {
      signers: [{ cellPhone: phone, favourite: "SMS" }],
    });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const sms = await peers.sms.waitFor((m) => m.to === phone, 10_000);
    expect(sms.from).toBe(process.env.TWILIO_FROM);
    const link = linkIn(sms.body);
    expect(link.processHexId).toBe(signers[0]!.hexId);
    const lead = translator("es-es", "mail")("invitation.sms", { organization: orgA.organization.name, title });
    expect(sms.body).toBe(`${lead} http://127.0.0.1:3000${link.path}`);
    expect((await db.signer.findUniqueOrThrow({ where: { id: signers[0]!.id } })).urlSignHash).toBe(sha256Hex(link.secret));
    expect(peers.mail.messages.some(mailTo(signers[0]!.email!))).toBe(false);
  });

  it("sends once: a second send is refused and a duplicated or re-run delivery job sends nothing", async () => {
    const { document, signers } = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const again = await send(adminA, document.hexId);
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe("SHIPMENT_NOT_DRAFT");
    await peers.mail.waitFor(mailTo(signers[0]!.email!), 10_000);
    const delivery = await until(
      () => db.delivery.findFirstOrThrow({ where: { signerId: signers[0]!.id } }),
      (d) => d.status === "SENT",
    );
    await enqueueJobs([deliveryJob(delivery.id)]);
    expect(await runJob("shipments.deliver-invitation", { deliveryId: delivery.id })).toEqual({
      deliveryId: delivery.id,
      result: "skipped",
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peers.mail.messages.filter(mailTo(signers[0]!.email!))).toHaveLength(1);
    expect(await db.delivery.count({ where: { signerId: signers[0]!.id } })).toBe(1);
  });

  it("retries a failing SMTP server with backoff until it answers", async () => {
    const port = peers.mail.port;
    await peers.mail.stop();
    const { document, signers } = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const failing = await until(
      () => db.delivery.findFirstOrThrow({ where: { signerId: signers[0]!.id } }),
      (d) => d.attempts >= 2,
    );
    expect(failing.status).toBe("QUEUED");
    expect(failing.error).toMatch(/ECONNREFUSED/);
    peers.mail = await startSmtpSink({ port });
    const mail = await peers.mail.waitFor(mailTo(signers[0]!.email!), 15_000);
    const delivered = await until(
      () => db.delivery.findFirstOrThrow({ where: { signerId: signers[0]!.id } }),
      (d) => d.status === "SENT",
    );
    expect(delivered.attempts).toBeGreaterThanOrEqual(3);
    expect(delivered.error).toBeNull();
    expect((await db.signer.findUniqueOrThrow({ where: { id: signers[0]!.id } })).urlSignHash).toBe(sha256Hex(linkIn(mail.text).secret));
  });

  it("shows a delivery that failed for good on the document, without the link, and retries it on request", async () => {
    const port = peers.mail.port;
    await peers.mail.stop();
    const { document, signers } = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const failed = await until(
      () => db.delivery.findFirstOrThrow({ where: { signerId: signers[0]!.id } }),
      (d) => d.status === "FAILED",
      15_000,
    );
    peers.mail = await startSmtpSink({ port });
    expect(failed.attempts).toBe(5);
    const view = await status(adminA, document.hexId);
    expect(view.status).toBe(200);
    expect(view.body.deliveries).toEqual([
      expect.objectContaining({
        deliveryHexId: failed.hexId,
        status: "FAILED",
        retryable: true,
        error: expect.stringMatching(/ECONNREFUSED/),
      }),
    ]);
    expect(JSON.stringify(view.body)).not.toMatch(/\/sign\//);

    const retried = await call<DocumentStatusView>(retryRoute, "/api/documents/x/deliveries/y/retry", {
      method: "POST",
      token: adminA,
      params: { documentHexId: document.hexId, deliveryHexId: failed.hexId },
    });
    expect(retried.status).toBe(200);
    expect(retried.body.deliveries.map((d) => d.status)).toEqual(["FAILED", "QUEUED"]);
    await peers.mail.waitFor(mailTo(signers[0]!.email!), 10_000);
    const twice = await call(retryRoute, "/api/documents/x/deliveries/y/retry", {
      method: "POST",
      token: adminA,
      params: { documentHexId: document.hexId, deliveryHexId: failed.hexId },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe("SENDING_DELIVERY_NOT_FAILED");
  }, 30_000);

  it("fires a scheduled reminder at its time with a fresh link", async () => {
    const sendAt = new Date(Date.now() + 2_500);
    const { document, signers, title } = await createReadyDocument(orgA.organization.id, {
      signers: [{ language: "en_us" }],
      reminders: [sendAt],
    });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const subject = translator("en-us", "mail")("invitation.reminder.subject", { organization: orgA.organization.name, title });
    const invitation = await peers.mail.waitFor((m) => mailTo(signers[0]!.email!)(m) && m.subject !== subject, 10_000);
    const reminder = await peers.mail.waitFor((m) => mailTo(signers[0]!.email!)(m) && m.subject === subject, 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(sendAt.getTime());
    expect(new Date(reminder.date).getTime()).toBeGreaterThanOrEqual(sendAt.getTime() - 1_000);
    const fresh = linkIn(reminder.text);
    expect(fresh.secret).not.toBe(linkIn(invitation.text).secret);
    await until(
      () => db.delivery.findMany({ where: { signerId: signers[0]!.id, kind: "REMINDER" } }),
      (rows) => rows.length === 1 && rows[0]!.status === "SENT",
    );
    expect((await db.signer.findUniqueOrThrow({ where: { id: signers[0]!.id } })).urlSignHash).toBe(sha256Hex(fresh.secret));
    expect((await db.scheduledNotification.findFirstOrThrow({ where: { documentId: document.id } })).sentAt).not.toBeNull();
  });

  it("moves links past the expiration date to LAPSED and the document to EXPIRED in the sweep", async () => {
    const { document, signers } = await createReadyDocument(orgA.organization.id, { signers: [{}, {}, {}] });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    await db.signer.update({ where: { id: signers[1]!.id }, data: { status: "COMPLETED" } });
    // Steps done, awaiting staff review when the shipment runs out: closed with the rest.
    await db.signer.update({ where: { id: signers[2]!.id }, data: { status: "IN_REVIEW" } });
    await db.document.update({ where: { id: document.id }, data: { expirationDate: new Date(Date.now() - 1_000) } });
    const job = await queue.add("shipments.expire-sweep", {});
    const result = (await job.waitUntilFinished(events, 15_000)) as { expiredDocuments: number; lapsedSigners: number };
    expect(result.expiredDocuments).toBeGreaterThanOrEqual(1);
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("EXPIRED");
    expect((await db.signer.findUniqueOrThrow({ where: { id: signers[0]!.id } })).status).toBe("LAPSED");
    expect((await db.signer.findUniqueOrThrow({ where: { id: signers[1]!.id } })).status).toBe("COMPLETED");
    expect((await db.signer.findUniqueOrThrow({ where: { id: signers[2]!.id } })).status).toBe("LAPSED");
    const resend = await call(resendRoute, "/api/x", {
      method: "POST",
      token: adminA,
      params: { documentHexId: document.hexId, signerHexId: signers[0]!.hexId },
    });
    expect(resend.body.errorCode).toBe("SENDING_NOT_ACTIVE");
  });

  it("invites the next order only when the previous one reaches its minimum, and completes after the last", async () => {
    const { document, signers } = await createReadyDocument(orgA.organization.id, {
      signers: [{ position: 1, mandatory: false }, { position: 1, mandatory: false }, { position: 1, mandatory: false }, { position: 2 }],
      minSigners: { 1: 2, 2: 1 },
    });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const invited = async () =>
      (await db.signer.findMany({ where: { documentId: document.id }, orderBy: { id: "asc" } })).map((s) => s.invitedAt !== null);
    expect(await invited()).toEqual([true, true, true, false]);

    await db.signer.update({ where: { id: signers[0]!.id }, data: { status: "COMPLETED" } });
    expect(await inviteNextOrderIfDue(document.id)).toEqual({ invitedOrder: null, completed: false });
    expect(await invited()).toEqual([true, true, true, false]);
    const early = await call(resendRoute, "/api/x", {
      method: "POST",
      token: adminA,
      params: { documentHexId: document.hexId, signerHexId: signers[3]!.hexId },
    });
    expect(early.body.errorCode).toBe("SENDING_SIGNER_NOT_INVITED");

    await db.signer.update({ where: { id: signers[1]!.id }, data: { status: "COMPLETED" } });
    expect(await inviteNextOrderIfDue(document.id)).toEqual({ invitedOrder: 2, completed: false });
    expect(await invited()).toEqual([true, true, true, true]);
    const mail = await peers.mail.waitFor(mailTo(signers[3]!.email!), 10_000);
    expect(linkIn(mail.text).processHexId).toBe(signers[3]!.hexId);
    expect(await inviteNextOrderIfDue(document.id)).toEqual({ invitedOrder: null, completed: false });
    expect(await db.delivery.count({ where: { signerId: signers[3]!.id } })).toBe(1);

    await db.signer.update({ where: { id: signers[3]!.id }, data: { status: "COMPLETED" } });
    expect(await inviteNextOrderIfDue(document.id)).toEqual({ invitedOrder: null, completed: true });
    const done = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(done.status).toBe("COMPLETED");
    expect(done.completedAt).not.toBeNull();
    expect((await db.signer.findUniqueOrThrow({ where: { id: signers[2]!.id } })).status).toBe("CANCELLED");
  });

  it("resends an invitation with a fresh link, and needs a channel to do so", async () => {
    const { document, signers } = await createReadyDocument(orgA.organization.id, { signers: [{}, {}] });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const first = linkIn((await peers.mail.waitFor(mailTo(signers[0]!.email!), 10_000)).text);
    await until(
      () => db.delivery.findMany({ where: { signerId: signers[0]!.id } }),
      (rows) => rows.every((d) => d.status === "SENT"),
    );

    const resent = await call<DocumentStatusView>(resendRoute, "/api/x", {
      method: "POST",
      token: operatorA,
      params: { documentHexId: document.hexId, signerHexId: signers[0]!.hexId },
    });
    expect(resent.status).toBe(200);
    const second = linkIn((await peers.mail.waitFor((m) => mailTo(signers[0]!.email!)(m) && !m.text.includes(first.secret), 10_000)).text);
    expect(second.secret).not.toBe(first.secret);
    await until(
      () => db.signer.findUniqueOrThrow({ where: { id: signers[0]!.id } }),
      (s) => s.urlSignHash === sha256Hex(second.secret),
    );
    expect(resent.body.timeline.map((e) => e.event)).toEqual(["DOCUMENT_SEND", "DOCUMENT_RESEND"]);

    await db.signer.update({ where: { id: signers[1]!.id }, data: { email: null, cellPhone: null } });
    const noChannel = await call(resendRoute, "/api/x", {
      method: "POST",
      token: adminA,
      params: { documentHexId: document.hexId, signerHexId: signers[1]!.hexId },
      headers: { "accept-language": "en-US" },
    });
    expect(noChannel.status).toBe(400);
    expect(noChannel.body.errorCode).toBe("SENDING_CHANNEL_REQUIRED");
    expect(noChannel.body.message).toBe(translator("en-us", "errors")("SENDING_CHANNEL_REQUIRED"));
  });

  it("cancels a shipment: links become CANCELLED and an invitation still queued is never delivered", async () => {
    await worker.pause();
    try {
      const { document, signers } = await createReadyDocument(orgA.organization.id, { signers: [{}, {}] });
      expect((await send(adminA, document.hexId)).status).toBe(200);
      // One signer awaits staff review: cancelling closes that process too.
      await db.signer.update({ where: { id: signers[1]!.id }, data: { status: "IN_REVIEW" } });
      const cancelled = await call<DocumentStatusView>(cancelRoute, "/api/x", {
        method: "POST",
        token: adminA,
        params: { documentHexId: document.hexId },
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe("CANCELLED");
      expect(cancelled.body.signers.map((s) => s.status)).toEqual(["CANCELLED", "CANCELLED"]);
      expect(cancelled.body.deliveries.map((d) => d.status)).toEqual(["CANCELLED", "CANCELLED"]);
      worker.resume();
      const delivery = await db.delivery.findFirstOrThrow({ where: { signerId: signers[0]!.id } });
      const job = await Job.fromId(queue, deliveryJobId(delivery.id));
      expect(await job!.waitUntilFinished(events, 10_000)).toEqual({ deliveryId: delivery.id, result: "skipped" });
      expect(peers.mail.messages.some(mailTo(signers[0]!.email!))).toBe(false);
      expect(
        (await call(cancelRoute, "/api/x", { method: "POST", token: adminA, params: { documentHexId: document.hexId } })).body.errorCode,
      ).toBe("SENDING_NOT_ACTIVE");
    } finally {
      worker.resume();
    }
  });

  it("the status API lists signers, deliveries and the timeline, never a link, secret or hash", async () => {
    const { document, signers } = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    expect((await send(operatorA, document.hexId)).status).toBe(200);
    const link = linkIn((await peers.mail.waitFor(mailTo(signers[0]!.email!), 10_000)).text);
    const stored = await until(
      () => db.signer.findUniqueOrThrow({ where: { id: signers[0]!.id } }),
      (s) => s.urlSignHash === sha256Hex(link.secret),
    );
    const view = await status(operatorA, document.hexId);
    expect(view.status).toBe(200);
    expect(view.body.signers).toEqual([expect.objectContaining({ signerHexId: signers[0]!.hexId, status: "PENDING", position: 1 })]);
    expect(view.body.orders).toEqual([{ position: 1, minSigners: 1, completed: 0 }]);
    // Staff are named by their public hexId (their userName), never by a sequential id.
    const operator = await db.user.findFirstOrThrow({ where: { organizationId: orgA.organization.id, roleId: orgA.operatorRole.id } });
    expect(view.body.timeline.map((e) => [e.event, e.userHexId])).toEqual([["DOCUMENT_SEND", operator.hexId]]);
    const json = JSON.stringify(view.body);
    expect(json).not.toContain(link.secret);
    expect(json).not.toContain(stored.urlSignHash!);
    expect(json).not.toMatch(/urlSign|\/sign\//);
  });
});

describe("sending: permissions and organisation isolation", () => {
  it("refuses a caller without the document privilege", async () => {
    const { document } = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    expect((await send(noRoleA, document.hexId)).status).toBe(403);
    expect((await status(noRoleA, document.hexId)).status).toBe(403);
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("DRAFT");
  });

  it("another organisation's admin can neither read nor act on a shipment", async () => {
    const { document, signers } = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    expect((await send(adminB, document.hexId)).status).toBe(404);
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("DRAFT");
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const delivery = await until(
      () => db.delivery.findFirstOrThrow({ where: { signerId: signers[0]!.id } }),
      (d) => d.status === "SENT",
    );
    await db.delivery.update({ where: { id: delivery.id }, data: { status: "FAILED" } });

    const params = { documentHexId: document.hexId };
    expect((await status(adminB, document.hexId)).status).toBe(404);
    expect(
      (await call(resendRoute, "/api/x", { method: "POST", token: adminB, params: { ...params, signerHexId: signers[0]!.hexId } })).status,
    ).toBe(404);
    expect(
      (await call(retryRoute, "/api/x", { method: "POST", token: adminB, params: { ...params, deliveryHexId: delivery.hexId } })).status,
    ).toBe(404);
    expect((await call(cancelRoute, "/api/x", { method: "POST", token: adminB, params })).status).toBe(404);

    // Org B's own document cannot reach org A's signer or delivery through its ids either.
    const other = await createReadyDocument(orgB.organization.id, { signers: [{}] });
    expect((await send(adminB, other.document.hexId)).status).toBe(200);
    expect(
      (
        await call(resendRoute, "/api/x", {
          method: "POST",
          token: adminB,
          params: { documentHexId: other.document.hexId, signerHexId: signers[0]!.hexId },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(retryRoute, "/api/x", {
          method: "POST",
          token: adminB,
          params: { documentHexId: other.document.hexId, deliveryHexId: delivery.hexId },
        })
      ).status,
    ).toBe(404);

    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("SENT");
    expect(await db.delivery.count({ where: { signerId: signers[0]!.id } })).toBe(1);
  });
});
