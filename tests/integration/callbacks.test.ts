import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { createServer as createHttpsServer, globalAgent } from "node:https";
import type { AddressInfo } from "node:net";
import { Queue } from "bullmq";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as saveTransactionLogRoute } from "@/app/api/log/saveTransactionLog/route";
import { POST as createDraftRoute } from "@/app/api/documents/route";
import { POST as rejectRoute } from "@/app/api/signprocess/[id]/reject/route";
import { POST as stepRoute } from "@/app/api/signprocess/[id]/step/[page]/route";
import { callbackJobId, callbacksQueue } from "@/lib/callbacks/callback-jobs";
import { callbackSecretName } from "@/lib/callbacks/callback-secret";
import { callbackUrlAllowed, callbackUrlSendable } from "@/lib/callbacks/callback-url";
import { deliverCallback } from "@/lib/callbacks/deliver-callback";
import { transactionTypes } from "@/lib/callbacks/transaction-log";
import { db } from "@/lib/db/client";
import { expireShipments } from "@/lib/documents/expire-shipments";
import { translator } from "@/lib/i18n/messages";
import { queueConnection } from "@/lib/queue/connection";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { startWorkers } from "@/workers/start";
import { decryptSecret } from "@/lib/security/encryption";
import { filesDownloadView } from "@/lib/signing/download-link";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call } from "../support/http";
import { integratorReceiver, type Received } from "../support/integrator-receiver";
import { hasOpenssl, OpensslPki } from "../support/openssl-pki";
import { signIn } from "../support/sign-in";
import { createSentShipment, drawnSignature, type TestSigner } from "../support/signing";
import { peers } from "./setup";
import { assertDocumentedCallback } from "./support/documented-answers";

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let noRoleA: string;
let sender: Awaited<ReturnType<typeof createTestUser>>;
let base: string;
let queue: Queue;
const receiver = integratorReceiver();
const { received, answers, receive } = receiver;

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  sender = await createTestUser(orgA, { language: "en_us" });
  const none = await createTestUser(orgA, { role: "none" });
  [adminA, noRoleA] = await Promise.all([signIn(sender.email), signIn(none.email)]);
  base = await receiver.start();
  queue = new Queue(callbacksQueue, { connection: queueConnection() });
  await queue.obliterate({ force: true });
});

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await closeProducers();
  await receiver.stop();
});

beforeEach(() => receiver.reset());

const sign = async (processHexId: string, secret: string) =>
  call<{ finished?: boolean }>(stepRoute, `/api/signprocess/${processHexId}/step/digital-signature`, {
    method: "POST",
    body: { image: await drawnSignature() },
    params: { id: processHexId, page: "digital-signature" },
    headers: { "x-url-sign": secret },
  });

/** A shipment whose signers all signed and which the seal job closed, with the integrator's callback URLs. */
async function sealedShipment(path: string, signers: TestSigner[] = [{}]) {
  const shipment = await createSentShipment(orgA.organization.id, { signers, steps: ["SIGNATURE"] });
  await db.document.update({
    where: { id: shipment.document.id },
    data: { callBackUrl: `${base}${path}?token=integrator-secret`, callBackUrlSoftFail: `${base}/soft`, senderId: sender.id },
  });
  for (const signer of shipment.signers) expect((await sign(signer.hexId, signer.secret!)).body.finished).toBe(true);
  expect(await runJob("signing.seal-document", { documentId: shipment.document.id })).toMatchObject({ sealed: 1 });
  return shipment;
}

async function organizationSecret(organizationId: number): Promise<string> {
  const row = await db.configValue.findUniqueOrThrow({ where: { organizationId_name: { organizationId, name: callbackSecretName } } });
  return decryptSecret(row.value);
}

function verify(request: Received, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers["x-rubrica-signature"]));
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${request.body}`).digest("hex");
  return expected === match[2] && Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
}

const callbackLogs = (hexId: string) =>
  db.transactionLog.findMany({ where: { transactionHexId: hexId, typeId: transactionTypes.CALLBACK }, orderBy: { id: "asc" } });

describe("the success callback", () => {
  it("is enqueued once when the shipment is sealed, POSTs the outcome signed with the organisation's secret, and is sent once", async () => {
    const { document, signers } = await sealedShipment("/done", [{}, {}]);
    expect(await queue.getJob(callbackJobId(document.id, "completed"))).toBeDefined();
    // A re-run seal job adds nothing: the job id is per event.
    expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 0 });
    expect(
      (await queue.getJobs(["waiting", "delayed", "prioritized"])).filter(
        (job) => job.name === "callbacks.deliver" && job.data.documentId === document.id,
      ),
    ).toHaveLength(1);

    expect(await runJob("callbacks.deliver", { documentId: document.id, kind: "completed" })).toEqual({ result: "delivered", status: 200 });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.path).toBe("/done?token=integrator-secret");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["x-rubrica-event"]).toBe("document.completed");
    expect(request!.headers["x-rubrica-delivery"]).toMatch(/^[0-9a-f-]{36}$/);
    const secret = await organizationSecret(orgA.organization.id);
    expect(verify(request!, secret)).toBe(true);
    expect(verify({ ...request!, body: request!.body.replace("COMPLETED", "REJECTED") }, secret)).toBe(false);

    const body = JSON.parse(request!.body) as Record<string, unknown>;
    const stored = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(body).toEqual({
      event: "document.completed",
      documentHexId: document.hexId,
      status: "COMPLETED",
      completedAt: stored.completedAt!.toISOString(),
      signers: signers.map((s) => ({
        signerHexId: s.hexId,
        name: `${s.firstName} ${s.lastName}`,
        status: "COMPLETED",
        signedAt: expect.any(String),
        rejectedAt: null,
        rejectionReason: null,
      })),
      downloadUrl: `http://127.0.0.1:3000/api/documents/${document.hexId}/download`,
      certificateUrl: `http://127.0.0.1:3000/api/documents/${document.hexId}/download?file=certificate`,
    });
    // The body is exactly what the OpenAPI document's callbacks describe for callBackUrl…
    assertDocumentedCallback("callBackUrl", request!.body);
    // …and that description is exact: a signer named processHexId, or a field it does not list, is not it.
    const renamed = {
      ...body,
      signers: (body.signers as { signerHexId: string }[]).map(({ signerHexId, ...rest }) => ({ ...rest, processHexId: signerHexId })),
    };
    expect(() => assertDocumentedCallback("callBackUrl", JSON.stringify(renamed))).toThrow(/does not match/);
    expect(() => assertDocumentedCallback("callBackUrl", JSON.stringify({ ...body, extra: 1 }))).toThrow(/does not match/);

    // Running the job again (a duplicate) sends nothing.
    expect(await runJob("callbacks.deliver", { documentId: document.id, kind: "completed" })).toEqual({ result: "skipped" });
    expect(received).toHaveLength(1);
    const logs = await callbackLogs(document.hexId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ organizationId: orgA.organization.id, processType: "ENVIO", isSignature: true, resultSuccess: true });
    expect(logs[0]!.description).toContain("document.completed attempt 1/1 to 127.0.0.1");
    // Neither the secret nor the URL's query nor the body reach the log.
    expect(logs[0]!.description).not.toContain(secret);
    expect(logs[0]!.description).not.toContain("integrator-secret");
    expect(logs[0]!.description).not.toContain(document.hexId);
  });

  it("is retried after an error answer, each attempt in the transaction log", async () => {
    const { document } = await sealedShipment("/flaky");
    answers.push(500);
    await expect(
      runJob("callbacks.deliver", { documentId: document.id, kind: "completed" }, { attemptsMade: 0, attempts: 8 }),
    ).rejects.toThrow(/HTTP 500/);
    expect(await runJob("callbacks.deliver", { documentId: document.id, kind: "completed" }, { attemptsMade: 1, attempts: 8 })).toEqual({
      result: "delivered",
      status: 200,
    });
    expect(received).toHaveLength(2);
    const logs = await callbackLogs(document.hexId);
    expect(logs.map((l) => [l.resultSuccess, l.description.replace(/ to 127\.0\.0\.1:\d+:/, ":")])).toEqual([
      [false, "document.completed attempt 1/8: HTTP 500; will retry"],
      [true, "document.completed attempt 2/8: delivered (HTTP 200)"],
    ]);
  });

  it("does not follow a redirect: a 3xx answer is a failed attempt", async () => {
    const { document } = await sealedShipment("/moved");
    answers.push(302);
    await expect(
      runJob("callbacks.deliver", { documentId: document.id, kind: "completed" }, { attemptsMade: 0, attempts: 8 }),
    ).rejects.toThrow(/HTTP 302/);
    expect(received.map((r) => r.path)).toEqual(["/moved?token=integrator-secret"]);
    expect((await callbackLogs(document.hexId)).map((l) => l.description.replace(/ to 127\.0\.0\.1:\d+:/, ":"))).toEqual([
      "document.completed attempt 1/8: HTTP 302; will retry",
    ]);
  });

  it("records the last failed attempt as final, and a receiver that is down as a network error", async () => {
    const { document } = await sealedShipment("/down");
    await db.document.update({ where: { id: document.id }, data: { callBackUrl: "http://127.0.0.1:9/closed" } });
    await expect(
      runJob("callbacks.deliver", { documentId: document.id, kind: "completed" }, { attemptsMade: 7, attempts: 8 }),
    ).rejects.toThrow(/network error/);
    const [log] = await callbackLogs(document.hexId);
    expect(log).toMatchObject({ resultSuccess: false });
    expect(log!.description).toMatch(/attempt 8\/8 to 127\.0\.0\.1:9: network error .*; no more attempts$/);
  });

  it("runs through the worker's queue: a 500 is retried with backoff until the receiver accepts it", async () => {
    await queue.obliterate({ force: true });
    answers.push(500, 503);
    // The worker process's own wiring (workers/start.ts), on this queue only.
    const workers = await startWorkers({ queues: [callbacksQueue] });
    await workers.ready();
    try {
      const { document } = await sealedShipment("/queued");
      const deadline = Date.now() + 15_000;
      while (!(await callbackLogs(document.hexId)).some((l) => l.resultSuccess)) {
        if (Date.now() > deadline) throw new Error("the callback was not delivered within 15 s");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await callbackLogs(document.hexId)).map((l) => l.resultSuccess)).toEqual([false, false, true]);
      expect(received.filter((r) => r.path.startsWith("/queued"))).toHaveLength(3);
    } finally {
      await workers.close();
    }
  });
});

describe("the soft-fail callback", () => {
  it("goes to callBackUrlSoftFail when the shipment is rejected", async () => {
    const { document, signers } = await createSentShipment(orgA.organization.id, { signers: [{}] });
    await db.document.update({ where: { id: document.id }, data: { callBackUrl: `${base}/done`, callBackUrlSoftFail: `${base}/soft` } });
    const answer = await call(rejectRoute, `/api/signprocess/${signers[0]!.hexId}/reject`, {
      method: "POST",
      body: { reason: "No estoy de acuerdo" },
      params: { id: signers[0]!.hexId },
      headers: { "x-url-sign": signers[0]!.secret! },
    });
    expect(answer.body).toMatchObject({ documentRejected: true });
    expect(await queue.getJob(callbackJobId(document.id, "rejected"))).toBeDefined();
    expect(await queue.getJob(callbackJobId(document.id, "completed"))).toBeUndefined();

    expect(await runJob("callbacks.deliver", { documentId: document.id, kind: "rejected" })).toMatchObject({ result: "delivered" });
    expect(received.map((r) => r.path)).toEqual(["/soft"]);
    expect(received[0]!.headers["x-rubrica-event"]).toBe("document.rejected");
    expect(verify(received[0]!, await organizationSecret(orgA.organization.id))).toBe(true);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      event: "document.rejected",
      documentHexId: document.hexId,
      status: "REJECTED",
      completedAt: null,
      downloadUrl: null,
      certificateUrl: null,
      signers: [{ status: "REJECTED" }],
    });
    assertDocumentedCallback("callBackUrlSoftFail", received[0]!.body);
    // The success callback of a rejected shipment sends nothing.
    expect(await runJob("callbacks.deliver", { documentId: document.id, kind: "completed" })).toEqual({ result: "skipped" });
    expect(received).toHaveLength(1);
  });

  it("goes to callBackUrlSoftFail when the shipment expires", async () => {
    const { document } = await createSentShipment(orgA.organization.id, { signers: [{}] });
    await db.document.update({
      where: { id: document.id },
      data: { callBackUrlSoftFail: `${base}/expired`, expirationDate: new Date(Date.now() - 60_000) },
    });
    await expireShipments();
    expect(await queue.getJob(callbackJobId(document.id, "expired"))).toBeDefined();
    expect(await runJob("callbacks.deliver", { documentId: document.id, kind: "expired" })).toMatchObject({ result: "delivered" });
    expect(received.map((r) => [r.path, r.headers["x-rubrica-event"]])).toEqual([["/expired", "document.expired"]]);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ status: "EXPIRED", signers: [{ status: "LAPSED" }] });
    assertDocumentedCallback("callBackUrlSoftFail", received[0]!.body);
  });
});

describe("callback addresses under production rules", () => {
  const production = { allowPrivateNetworks: false };
  const onPremise = { allowPrivateNetworks: true };
  const attempt = { attemptsMade: 0, attempts: 8 };
  let pki: OpensslPki;
  let secure: Server;
  let port: number;

  beforeAll(async () => {
    if (!hasOpenssl) return;
    // An https receiver on loopback with a certificate of a test CA, which the process's https agent trusts
    // for this block (what NODE_EXTRA_CA_CERTS does for an on-premise receiver with an internal CA).
    pki = new OpensslPki();
    const { key, cert } = pki.issue("/CN=localhost", ["subjectAltName=DNS:localhost,IP:127.0.0.1", "extendedKeyUsage=serverAuth"]);
    secure = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, receive);
    await new Promise<void>((resolve) => secure.listen(0, "127.0.0.1", resolve));
    port = (secure.address() as AddressInfo).port;
    globalAgent.options.ca = readFileSync(pki.caCertificate);
  }, 60_000);

  afterAll(async () => {
    if (!hasOpenssl) return;
    delete globalAgent.options.ca;
    await new Promise((resolve) => secure.close(resolve));
    pki.remove();
  });

  const deliverTo = async (documentId: number, url: string, rules: typeof production) => {
    await db.document.update({ where: { id: documentId }, data: { callBackUrl: url } });
    return deliverCallback({ documentId, kind: "completed" }, attempt, rules);
  };

  it.skipIf(!hasOpenssl)("refuse a loopback, private or link-local address without connecting, once and for all", async () => {
    const { document } = await sealedShipment("/literal");
    const urls = [
      `https://127.0.0.1:${port}/done?token=integrator-secret`,
      `https://[::1]:${port}/done`,
      `https://[::ffff:7f00:1]:${port}/done`,
      "https://10.0.0.5/done",
      "https://169.254.169.254/latest/meta-data/",
    ];
    // Stored while the rules were looser (or written straight to the database): the worker refuses them all the same.
    for (const url of urls) expect([url, await deliverTo(document.id, url, production)]).toEqual([url, { result: "refused" }]);
    expect(received).toHaveLength(0);
    const logs = await callbackLogs(document.hexId);
    expect(logs.map((l) => [l.resultSuccess, l.description])).toEqual([
      [false, `document.completed attempt 1/8 to 127.0.0.1:${port}: address not allowed; not sent`],
      [false, `document.completed attempt 1/8 to [::1]:${port}: address not allowed; not sent`],
      [false, `document.completed attempt 1/8 to [::ffff:7f00:1]:${port}: address not allowed; not sent`],
      [false, "document.completed attempt 1/8 to 10.0.0.5: address not allowed; not sent"],
      [false, "document.completed attempt 1/8 to 169.254.169.254: address not allowed; not sent"],
    ]);
  });

  it.skipIf(!hasOpenssl)(
    "refuse a host name that resolves to loopback when connecting; allowed private networks, the same delivery arrives signed, once",
    async () => {
      const { document } = await sealedShipment("/named");
      const url = `https://localhost:${port}/named?token=integrator-secret`;
      // Nothing in the URL itself is refused when sending: the address is, once the name is resolved.
      expect(callbackUrlSendable(url, production)).toBe(true);
      expect(callbackUrlAllowed(url, production)).toBe(false);
      expect(await deliverTo(document.id, url, production)).toEqual({ result: "refused" });
      expect(received).toHaveLength(0);

      expect(await deliverTo(document.id, url, onPremise)).toEqual({ result: "delivered", status: 200 });
      expect(await deliverTo(document.id, url, onPremise)).toEqual({ result: "skipped" });
      expect(received).toHaveLength(1);
      expect(received[0]!.path).toBe("/named?token=integrator-secret");
      expect(received[0]!.headers["x-rubrica-event"]).toBe("document.completed");
      expect(verify(received[0]!, await organizationSecret(orgA.organization.id))).toBe(true);
      expect(JSON.parse(received[0]!.body)).toMatchObject({
        event: "document.completed",
        documentHexId: document.hexId,
        status: "COMPLETED",
      });
      const logs = await callbackLogs(document.hexId);
      expect(logs.map((l) => [l.resultSuccess, l.description])).toEqual([
        [false, `document.completed attempt 1/8 to localhost:${port}: address not allowed; not sent`],
        [true, `document.completed attempt 1/8 to localhost:${port}: delivered (HTTP 200)`],
      ]);
    },
  );

  it.skipIf(!hasOpenssl)("refuse a name that resolves to loopback by default, whatever NODE_ENV says", async () => {
    const { document } = await sealedShipment("/default");
    await db.document.update({ where: { id: document.id }, data: { callBackUrl: `https://localhost:${port}/default` } });
    try {
      // The worker as scripts/run.sh and docker-compose start it: no NODE_ENV, no opt-in.
      vi.stubEnv("CALLBACK_ALLOW_PRIVATE_NETWORKS", undefined);
      vi.stubEnv("NODE_ENV", undefined);
      expect(await deliverCallback({ documentId: document.id, kind: "completed" }, attempt)).toEqual({ result: "refused" });
      vi.stubEnv("NODE_ENV", "development");
      expect(await deliverCallback({ documentId: document.id, kind: "completed" }, attempt)).toEqual({ result: "refused" });
    } finally {
      vi.unstubAllEnvs();
    }
    expect(received).toHaveLength(0);
    expect((await callbackLogs(document.hexId)).map((l) => l.description)).toEqual([
      `document.completed attempt 1/8 to localhost:${port}: address not allowed; not sent`,
      `document.completed attempt 1/8 to localhost:${port}: address not allowed; not sent`,
    ]);
  });

  it.skipIf(!hasOpenssl)("keep plain http to this machine for where private networks are allowed, and to other hosts never", async () => {
    const { document } = await sealedShipment("/plain");
    expect(await deliverTo(document.id, `${base}/plain`, production)).toEqual({ result: "refused" });
    expect(await deliverTo(document.id, "http://10.0.0.5/plain", onPremise)).toEqual({ result: "refused" });
    expect(received).toHaveLength(0);
    expect((await callbackLogs(document.hexId)).map((l) => l.description)).toEqual([
      expect.stringMatching(/: URL not allowed; not sent$/),
      expect.stringMatching(/: URL not allowed; not sent$/),
    ]);
  });
});

describe("callback URLs on a draft", () => {
  it("must be https, with plain http only to this machine where private networks are allowed", async () => {
    const create = (callBackUrl: string) =>
      call(createDraftRoute, "/api/documents", { method: "POST", token: adminA, body: { title: "Contrato", callBackUrl } });
    const plain = await create("http://example.test/cb");
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ errorCode: "CALLBACK_URL_INVALID" });
    expect((await create("ftp://example.test/cb")).body).toMatchObject({ errorCode: "CALLBACK_URL_INVALID" });
    expect((await create("https://example.test/cb")).status).toBe(201);
    // The test receivers listen on loopback: vitest.config.ts opts in, as the run command's .env does.
    expect((await create(`${base}/cb`)).status).toBe(201);
    try {
      vi.stubEnv("CALLBACK_ALLOW_PRIVATE_NETWORKS", undefined);
      expect((await create(`${base}/cb`)).body).toMatchObject({ errorCode: "CALLBACK_URL_INVALID" });
      expect((await create("https://localhost/cb")).body).toMatchObject({ errorCode: "CALLBACK_URL_INVALID" });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("completion mails", () => {
  it("give the sender the shipment's detail and each signer their download link, once per recipient", async () => {
    const { document, signers } = await sealedShipment("/mails", [{ language: "en_us" }, {}]);
    for (const signer of signers)
      expect(await runJob("callbacks.completion-mail", { documentId: document.id, signerId: signer.id })).toEqual({ result: "sent" });
    expect(await runJob("callbacks.completion-mail", { documentId: document.id })).toEqual({ result: "sent" });

    const toSender = await peers.mail.waitFor((m) => m.to.includes(sender.email) && m.text.includes(document.hexId));
    expect(toSender.text).toContain(`http://127.0.0.1:3000/docdetail/${document.hexId}`);
    // Each in their own language: the sender and the first signer read English, the second Spanish.
    const subject = (locale: "es-es" | "en-us") => translator(locale, "mail")("completion.subject", { title: document.title });
    expect(toSender.subject).toBe(subject("en-us"));
    for (const [index, signer] of signers.entries()) {
      const mail = await peers.mail.waitFor((m) => m.to.includes(signer.email!));
      expect(mail.subject).toBe(subject(index === 0 ? "en-us" : "es-es"));
      const link = /http:\/\/127\.0\.0\.1:3000\/files-download\/([\w.-]+)/.exec(mail.text);
      expect(link).not.toBeNull();
      expect(await filesDownloadView(link![1]!)).toMatchObject({ ready: true, title: document.title });
    }

    // Again (a duplicated job): nobody is mailed twice.
    expect(await runJob("callbacks.completion-mail", { documentId: document.id, signerId: signers[0]!.id })).toEqual({ result: "skipped" });
    expect(await runJob("callbacks.completion-mail", { documentId: document.id })).toEqual({ result: "skipped" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peers.mail.messages.filter((m) => m.to.includes(sender.email) && m.text.includes(document.hexId))).toHaveLength(1);
    expect(peers.mail.messages.filter((m) => m.to.includes(signers[0]!.email!))).toHaveLength(1);
    const logs = await db.transactionLog.findMany({
      where: { transactionHexId: document.hexId, typeId: transactionTypes.COMPLETION_MAIL },
    });
    expect(logs.map((l) => l.description).sort()).toEqual(
      [`completion mail to sender: sent`, ...signers.map((s) => `completion mail to signer ${s.hexId}: sent`)].sort(),
    );
  });

  it("are enqueued for the sender and each signer who signed when the shipment is sealed", async () => {
    const { document, signers } = await sealedShipment("/enqueued");
    expect(await queue.getJob(`completion-mail-${document.id}-sender`)).toBeDefined();
    expect(await queue.getJob(`completion-mail-${document.id}-signer-${signers[0]!.id}`)).toBeDefined();
  });
});

describe("POST /api/log/saveTransactionLog", () => {
  const save = (token: string, body: unknown) =>
    call<{ id?: number; errorCode?: string }>(saveTransactionLogRoute, "/api/log/saveTransactionLog", { method: "POST", token, body });

  it("records an event of the caller's own shipment and answers its id", async () => {
    const { document, signers } = await createSentShipment(orgA.organization.id, { signers: [{}] });
    const entry = {
      typeId: 100,
      description: "Factura emitida",
      transactionHexId: document.hexId,
      processType: "ENVIO",
      isSignature: true,
      resultSuccess: true,
    };
    const saved = await save(adminA, entry);
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ id: expect.any(Number) });
    expect(await db.transactionLog.findUniqueOrThrow({ where: { id: saved.body.id! } })).toMatchObject({
      ...entry,
      organizationId: orgA.organization.id,
    });
    expect(
      await db.operationLog.count({ where: { organizationId: orgA.organization.id, operationEventId: "TRANSACTION_LOG_SAVE" } }),
    ).toBeGreaterThan(0);
    // A signature process (processHexId) of the shipment names it too.
    expect((await save(adminA, { ...entry, transactionHexId: signers[0]!.hexId })).status).toBe(201);
  });

  it("validates the entry", async () => {
    const { document } = await createSentShipment(orgA.organization.id, { signers: [{}] });
    const entry = {
      typeId: 100,
      description: "Evento",
      transactionHexId: document.hexId,
      processType: "ENVIO",
      isSignature: true,
      resultSuccess: false,
    };
    expect((await save(adminA, { ...entry, description: " " })).body.errorCode).toBe("EMPTY_FIELD");
    expect((await save(adminA, { ...entry, processType: "OTRO" })).status).toBe(400);
    expect((await save(adminA, { ...entry, typeId: 0 })).status).toBe(400);
    expect((await save(adminA, { ...entry, isSignature: "sí" })).status).toBe(400);
    expect((await save(adminA, { ...entry, transactionHexId: "nope" })).status).toBe(400);
    // A shipment is not a validation process.
    expect((await save(adminA, { ...entry, processType: "VALIDACION" })).status).toBe(404);
  });

  it("refuses another organisation's shipment as not found, and a caller without DOCUMENTO:UPDATE", async () => {
    const other = await createSentShipment(orgB.organization.id, { signers: [{}] });
    const entry = {
      typeId: 100,
      description: "Intruso",
      transactionHexId: other.document.hexId,
      processType: "ENVIO",
      isSignature: true,
      resultSuccess: true,
    };
    const foreign = await save(adminA, entry);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe("NOT_FOUND");
    expect((await save(adminA, { ...entry, transactionHexId: other.signers[0]!.hexId })).status).toBe(404);
    expect(await db.transactionLog.count({ where: { transactionHexId: other.document.hexId } })).toBe(0);
    const own = await createSentShipment(orgA.organization.id, { signers: [{}] });
    expect((await save(noRoleA, { ...entry, transactionHexId: own.document.hexId })).status).toBe(403);
  });
});
