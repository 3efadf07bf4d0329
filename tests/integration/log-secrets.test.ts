import { randomBytes, randomInt } from "node:crypto";
import { PDFDocument } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as createKey } from "@/app/api/api-keys/route";
import { POST as createDraft } from "@/app/api/documents/route";
import { POST as uploadFile } from "@/app/api/documents/[documentHexId]/files/route";
import { PUT as setSigners } from "@/app/api/documents/[documentHexId]/signers/route";
import { POST as send } from "@/app/api/documents/[documentHexId]/send/route";
import { GET as metrics } from "@/app/api/metrics/route";
import { POST as activateMfa } from "@/app/api/mfa/methods/[type]/activate/route";
import { POST as confirmMfa } from "@/app/api/mfa/methods/[type]/confirm/route";
import { POST as validationLogin } from "@/app/api/validation/[validationHexId]/login/route";
import { POST as createValidationLink } from "@/app/api/validations/route";
import { POST as createWebhook } from "@/app/api/webhook-endpoints/route";
import { GET as openProcess } from "@/app/api/signprocess/getSignatureProcess/[id]/route";
import { POST as stepRoute } from "@/app/api/signprocess/[id]/step/[page]/route";
import { currentTotp } from "@/lib/auth/totp";
import { db } from "@/lib/db/client";
import { rootLogger } from "@/lib/log/logger";
import { closeProducers } from "@/lib/queue/enqueue";
import { webhookEvents } from "@/lib/webhooks/events";
import { peers } from "./setup";
import { createTestOrganization, createTestUser, testPassword } from "../support/fixtures";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { integratorReceiver } from "../support/integrator-receiver";
import { scanLogs, type LogLine } from "../support/log-scan";
import { signIn } from "../support/sign-in";
import { idCard, rearCard } from "../support/id-card";
import { drawnSignature, signStep, uploadEvidence } from "../support/signing";
import { realFaces } from "../support/test-media";
import { startWorker, until, type WorkerProcess } from "../support/worker-process";

// Issue 13 item 3: a whole signing, as an integrator, a staff member, a signer and a person validating themselves would
// drive it, through the route handlers here and the jobs of a real worker process (workers/index.ts), with every log
// line of both captured at debug level. The signer confirms their identification number, photographs their ID and
// takes a selfie (checked against the ID's face by the worker when the test photos are at hand) before signing; the
// staff member sets up codes by authenticator app and by SMS. No line may hold a password, token, API key, TOTP
// secret, one-time code (app or SMS), webhook secret, link secret, PIN, the signer's e-mail address or identification
// number, or a piece of the evidence (signature, ID photos, selfie: base64 or hex) or the PDF; every line is JSON,
// every line of a request or a job carries a request id, and the jobs a request caused log under that request's id.
// Also item 2: the worker's mail and job metrics reach /api/metrics.

const receiver = integratorReceiver();
const { franck, haveFaces, read } = realFaces(6, "the selfie is then not compared with the ID photo");
const metricsToken = randomBytes(24).toString("hex");
let worker: WorkerProcess | null = null;
let webLog = "";
const levelBefore = rootLogger().level;

type Run = {
  secrets: Record<string, string>;
  codes: Record<string, string>;
  sendRequestId: string;
  signRequestId: string;
  clientRequestId: string;
  clientAnswerId: string | null;
};
let run: Run;

beforeAll(async () => {
  // What this process logs (the route handlers), kept rather than printed.
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    webLog += String(chunk);
    return true;
  });
  rootLogger().level = "debug";
  // Locks as in production: on this busy machine a 2 s lock lapses while the face engine loads, and a job taken back
  // runs twice (a second invitation replaces the first link).
  worker = startWorker({ LOG_LEVEL: "debug", WORKER_HEARTBEAT_MS: "1000", WORKER_LOCK_MS: "30000" }, { keepOutput: true });
  await until(async () => worker!.output().includes('"msg":"face engine'), 500, 120_000);
  const webhookBase = await receiver.start();

  // Staff: a password sign-in, an authenticator app set up with its secret and a code, an API key, a webhook secret.
  const org = await createTestOrganization();
  const admin = await createTestUser(org);
  const token = await signIn(admin.email, testPassword);
  const started = await call<{ secret: string }>(activateMfa, "/api/mfa/methods/TOTP/activate", {
    body: {},
    token,
    params: { type: "TOTP" },
  });
  const totpSecret = started.body.secret;
  const totpCode = currentTotp(totpSecret);
  const confirmed = await call(confirmMfa, "/api/mfa/methods/TOTP/confirm", { body: { code: totpCode }, token, params: { type: "TOTP" } });
  expect(confirmed.body.activated).toBe(true);
  // Codes by SMS too: activating the method texts one to the staff member's phone (the fake Twilio), confirmed here.
  const smsStarted = await call(activateMfa, "/api/mfa/methods/SMS/activate", { body: {}, token, params: { type: "SMS" } });
  expect(smsStarted.status).toBe(200);
  const sms = await peers.sms.waitFor((m) => m.to === admin.cellPhone, 30_000);
  const smsCode = /\b(\d{6})\b/.exec(sms.body)![1]!;
  const smsConfirmed = await call(confirmMfa, "/api/mfa/methods/SMS/confirm", { body: { code: smsCode }, token, params: { type: "SMS" } });
  expect(smsConfirmed.body.activated).toBe(true);
  const key = await call<{ apiKey: string }>(createKey, "/api/api-keys", { body: { name: "ERP", roleHexId: org.adminRole.hexId }, token });
  const apiKey = key.body.apiKey;
  const hook = await call<{ secret: string }>(createWebhook, "/api/webhook-endpoints", {
    token,
    body: { url: `${webhookBase}/events`, events: [...webhookEvents] },
  });
  expect(hook.status).toBe(201);

  // The integrator sends a PDF to one signer with its API key; the worker mails the invitation.
  const flow = await db.flow.create({
    data: {
      organizationId: org.organization.id,
      name: `Firma ${randomBytes(3).toString("hex")}`,
      kind: "SIGNATURE",
      active: true,
      // With the test photos at hand the selfie is compared with the ID photo's face (a face check job in the worker).
      steps: {
        create: [
          { position: 1, type: "DATA_CONFIRM" },
          { position: 2, type: "ID_PHOTO" },
          { position: 3, type: "SELFIE", compareWithPosition: haveFaces ? 2 : null },
          { position: 4, type: "SIGNATURE" },
        ],
      },
    },
  });
  const headers = { "x-api-key": apiKey };
  const draft = await call<{ documentHexId: string }>(createDraft, "/api/documents", {
    body: {
      title: "Contrato registrado",
      description: "Alta de proveedor",
      flowHexId: flow.hexId,
      expirationDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
    headers,
  });
  expect(draft.status).toBe(201);
  const documentHexId = draft.body.documentHexId;
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText(`Contrato ${randomBytes(8).toString("hex")}`, { x: 50, y: 700 });
  const pdfBytes = Buffer.from(await pdf.save());
  const form = new FormData();
  form.set("file", new Blob([pdfBytes], { type: "application/pdf" }), "contrato.pdf");
  const uploaded = await sendRequest(
    uploadFile,
    new NextRequest(`http://127.0.0.1:3000/api/documents/${documentHexId}/files`, {
      method: "POST",
      body: form,
      headers: { ...headers, ...clientAddressHeaders("203.0.113.10") },
    }),
  );
  expect(uploaded.status).toBe(201);
  const email = `firmante-${documentHexId.slice(0, 6)}@example.test`;
  const signers = await call(setSigners, `/api/documents/${documentHexId}/signers`, {
    method: "PUT",
    body: {
      signers: [{ firstName: "Elena", lastName: "Registrada", email, cellPhone: null, preferredLanguage: "es-es", position: 1 }],
      orders: [{ position: 1, minSigners: 1 }],
    },
    headers,
    params: { documentHexId },
  });
  expect(signers.status).toBe(200);
  const sent = await call(send, `/api/documents/${documentHexId}/send`, { body: {}, headers, params: { documentHexId } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const invitation = await peers.mail.waitFor((m) => m.to.includes(email), 60_000);
  const [, linkSecret, processHexId] = /\/sign\/([0-9a-f]{32})\/([0-9a-f]{32})/.exec(invitation.text)!;

  // The signer confirms their identification, photographs their ID and takes a selfie (the worker checks it), then
  // signs with a drawn signature (evidence); the worker signs, seals, mails and calls the webhook.
  const opened = await call(openProcess, `/api/signprocess/getSignatureProcess/${processHexId}`, {
    params: { id: processHexId! },
    headers: { "x-url-sign": linkSecret! },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const identNumber = `${randomInt(10_000_000, 100_000_000)}${"TRWAGMYFPDXBNJZSQVHLCKE"[randomInt(23)]}`;
  const dataConfirmed = await call(stepRoute, `/api/signprocess/${processHexId}/step/data-confirm`, {
    body: { identType: "DNI", identNumber, country: "ES" },
    params: { id: processHexId!, page: "data-confirm" },
    headers: { "x-url-sign": linkSecret! },
  });
  expect(dataConfirmed.status, JSON.stringify(dataConfirmed.body)).toBe(200);
  const signerLink = { hexId: processHexId!, secret: linkSecret! };
  const idFront = await idCard(haveFaces ? read(franck[0]!) : null);
  const idRear = await rearCard();
  const selfie = haveFaces ? read(franck[5]!) : await sharp(idFront).rotate(90).jpeg({ quality: 88 }).toBuffer();
  expect((await uploadEvidence(signerLink, "ID_FRONT", idFront)).status).toBe(200);
  expect((await uploadEvidence(signerLink, "ID_REAR", idRear)).status).toBe(200);
  const selfieSent = await uploadEvidence(signerLink, "SELFIE", selfie);
  expect(selfieSent.status, JSON.stringify(selfieSent.body)).toBe(200);
  if (haveFaces) {
    const evidence = { hexId: selfieSent.body.evidenceHexId! };
    await until(async () => (await db.evidence.findUniqueOrThrow({ where: evidence })).check !== "PENDING", 500, 120_000);
    expect((await db.evidence.findUniqueOrThrow({ where: evidence })).check).toBe("VERIFIED");
  }
  const image = await drawnSignature(7);
  const signed = await signStep(processHexId!, linkSecret!, image);
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  expect(signed.body.finished).toBe(true);
  await until(async () => receiver.received.some((r) => r.headers["x-rubrica-event"] === "document.sealed"), 500, 120_000);

  // A person opens a validation link with its PIN, sending an X-Request-Id of their own.
  const pin = String(1000 + Math.floor(Math.random() * 9000));
  const validationFlow = await db.flow.create({
    data: {
      organizationId: org.organization.id,
      name: `Validación ${randomBytes(3).toString("hex")}`,
      kind: "VALIDATION",
      active: true,
      steps: { create: [{ position: 1, type: "SELFIE" }] },
    },
  });
  const link = await call<{ validationHexId: string }>(createValidationLink, "/api/validations", {
    token,
    body: {
      flowHexId: validationFlow.hexId,
      pin,
      expirationDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      description: "Alta",
      userLocation: "ASK",
    },
  });
  expect(link.status).toBe(201);
  const clientRequestId = `client-${randomBytes(6).toString("hex")}`;
  const entered = await call<{ urlSign: string }>(validationLogin, `/api/validation/${link.body.validationHexId}/login`, {
    body: { pin },
    ip: "198.51.100.61",
    params: { validationHexId: link.body.validationHexId },
    headers: { "x-request-id": clientRequestId },
  });
  expect(entered.status).toBe(200);

  const base64 = image.slice(image.indexOf(",") + 1);
  // Pieces from inside each photo (a JPEG's first bytes are the same in every JPEG), as base64 and as hex.
  const photoPieces = Object.fromEntries(
    Object.entries({ idFront, idRear, selfie }).flatMap(([name, bytes]) => [
      [`${name}Base64`, bytes.toString("base64").slice(1200, 1264)],
      [`${name}Hex`, bytes.subarray(2000, 2032).toString("hex")],
    ]),
  );
  run = {
    secrets: {
      password: testPassword,
      staffToken: token,
      totpSecret,
      apiKey,
      webhookSecret: hook.body.secret,
      signingLinkSecret: linkSecret!,
      validationUrlSign: entered.body.urlSign,
      signatureEvidenceBase64: base64.slice(0, 64),
      signatureEvidenceBase64Tail: base64.slice(-64, -4),
      pdfBase64: pdfBytes.toString("base64").slice(0, 24),
      pdfText: pdfBytes.subarray(0, 8).toString("latin1"),
      ...photoPieces,
      signerEmail: email,
      identNumber,
    },
    codes: { totpCode, smsCode, pin },
    sendRequestId: sent.headers.get("x-request-id") ?? "",
    signRequestId: signed.headers.get("x-request-id") ?? "",
    clientRequestId,
    clientAnswerId: entered.headers.get("x-request-id"),
  };
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  rootLogger().level = levelBefore;
  delete process.env.METRICS_TOKEN;
  worker?.kill();
  await worker?.exited;
  await receiver.stop();
  await closeProducers();
});

const jobLines = (lines: LogLine[], job: string) => lines.filter((line) => line.job === job);

describe("the logs of a whole signing", () => {
  it("hold none of the run's secrets, codes or evidence", () => {
    const web = scanLogs(webLog, run.secrets, run.codes);
    const jobs = scanLogs(worker!.output(), run.secrets, run.codes);
    expect(web.lines.length).toBeGreaterThan(10);
    expect(jobs.lines.length).toBeGreaterThan(5);
    expect([...web.leaks, ...jobs.leaks]).toEqual([]);
  });

  it("are JSON lines, each line of a request or a job with its request id", () => {
    const web = scanLogs(webLog, {});
    const jobs = scanLogs(worker!.output(), {});
    expect([...web.notJson, ...jobs.notJson]).toEqual([]);
    const answered = web.lines.filter((line) => line.component === "http");
    expect(answered.length).toBeGreaterThan(10);
    for (const line of answered) expect(line.requestId, JSON.stringify(line)).toEqual(expect.any(String));
    const ran = jobs.lines.filter((line) => line.job !== undefined);
    expect(ran.length).toBeGreaterThan(3);
    for (const line of ran) expect(line, JSON.stringify(line)).toMatchObject({ requestId: expect.any(String), jobId: expect.any(String) });
  });

  it("carry a request's id into the jobs it caused, and the jobs those caused", () => {
    const jobs = scanLogs(worker!.output(), {}).lines;
    expect(run.sendRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(jobLines(jobs, "shipments.deliver-invitation").map((line) => line.requestId)).toContain(run.sendRequestId);
    // The signature's request queued the signer's signing job, which queued the seal.
    expect(jobLines(jobs, "signing.sign-signer").map((line) => line.requestId)).toContain(run.signRequestId);
    expect(jobLines(jobs, "signing.seal-document").map((line) => line.requestId)).toContain(run.signRequestId);
    const web = scanLogs(webLog, {}).lines;
    expect(web.some((line) => line.requestId === run.sendRequestId && line.msg === "request answered")).toBe(true);
  });

  it("keep a client's short plain X-Request-Id and answer with it", () => {
    expect(run.clientAnswerId).toBe(run.clientRequestId);
    const web = scanLogs(webLog, {}).lines;
    expect(web.find((line) => line.requestId === run.clientRequestId)).toMatchObject({ route: "/api/validation/[validationHexId]/login" });
  });
});

describe("the worker's metrics on /api/metrics", () => {
  it("show the mails it sent and its jobs' durations", async () => {
    process.env.METRICS_TOKEN = metricsToken;
    const scrape = async () => {
      const response = await sendRequest(
        metrics,
        new NextRequest("http://127.0.0.1:3000/api/metrics", {
          headers: { authorization: `Bearer ${metricsToken}`, ...clientAddressHeaders("198.51.100.62") },
        }),
      );
      expect(response.status).toBe(200);
      return response.text();
    };
    const value = (text: string, series: string) => {
      const line = text.split("\n").find((l) => l.startsWith(`${series} `));
      return line === undefined ? 0 : Number(line.slice(series.length + 1));
    };
    const mails = 'rubrica_messages_total{channel="mail",outcome="sent"}';
    const invitations = 'rubrica_job_duration_seconds_count{queue="shipments",job="shipments.deliver-invitation",outcome="completed"}';
    // The worker's metrics arrive with its next heartbeat.
    await until(async () => value(await scrape(), invitations) >= 1, 500, 30_000);
    const text = await scrape();
    expect(value(text, mails)).toBeGreaterThanOrEqual(1);
    const buckets = text
      .split("\n")
      .filter((l) => l.startsWith("rubrica_job_duration_seconds_bucket{") && l.includes('job="shipments.deliver-invitation"'));
    expect(buckets.length).toBeGreaterThan(5);
  }, 40_000);
});
