import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Queue } from "bullmq";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callbackJobId, callbacksQueue } from "@/lib/callbacks/callback-jobs";
import { db } from "@/lib/db/client";
import type { EvidenceKind, StepType } from "@/lib/db/generated/enums";
import { pdfFieldNames } from "@/lib/pdf/sign-pdf";
import { queueConnection } from "@/lib/queue/connection";
import { closeProducers, enqueueJobs } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { evidenceQueue } from "@/lib/evidence/face-comparison";
import { sealDocumentJob, signingQueue } from "@/lib/sealing/pdf-jobs";
import { reconcileSigning } from "@/lib/signing/reconcile";
import { POST as rejectRoute } from "@/app/api/signprocess/[id]/reject/route";
import { storage } from "@/lib/storage";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call } from "../support/http";
import { createSentShipment, signStep } from "../support/signing";
import { startWorker, until } from "../support/worker-process";
import { peers } from "./setup";

// Issue 5 item 8: Redis keeps nothing on disk in dev/CI, so the database is the source of truth. Each
// case builds the state a job was enqueued for, loses the queue, and checks that the reconcile sweep
// brings the job back under its deterministic id and that running it does the work exactly once.

let org: TestOrganization;
let sender: Awaited<ReturnType<typeof createTestUser>>;
let server: Server;
let base: string;
const received: string[] = [];
const queues: Record<string, Queue> = {};
const later = () => new Date(Date.now() + 61_000);

beforeAll(async () => {
  org = await createTestOrganization();
  sender = await createTestUser(org);
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received.push(request.url ?? "");
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const name of [signingQueue, evidenceQueue, callbacksQueue]) {
    queues[name] = new Queue(name, { connection: queueConnection() });
    await queues[name].obliterate({ force: true });
  }
});

afterAll(async () => {
  for (const queue of Object.values(queues)) {
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await closeProducers();
  await new Promise((resolve) => server.close(resolve));
});

/** A colourful pattern with no face in it. */
async function noFace(): Promise<Buffer> {
  const squares = Array.from(
    { length: 30 },
    (_, i) => `<rect x="${(i * 53) % 600}" y="${(i * 37) % 440}" width="40" height="40" fill="hsl(${i * 29},70%,50%)"/>`,
  ).join("");
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#888"/>${squares}</svg>`,
    ),
  )
    .jpeg()
    .toBuffer();
}

/** A signer on the step at `position` of the flow `steps`, with a capture of `kind` waiting for its check. */
async function pendingCapture(
  steps: StepType[],
  position: number,
  kind: EvidenceKind,
  bytes: Uint8Array,
  compare: Partial<Record<"compareTarget", string>> = {},
) {
  const { document, signers, flow } = await createSentShipment(org.organization.id, { signers: [{}], steps });
  await db.flowStep.updateMany({ where: { flowId: flow.id, position }, data: compare });
  const signer = signers[0]!;
  await db.signer.update({ where: { id: signer.id }, data: { status: "IN_PROGRESS", currentStep: position - 1 } });
  const stored = await storage().put(bytes);
  const evidence = await db.evidence.create({
    data: {
      kind,
      signerId: signer.id,
      storageKey: stored.key,
      sha256: stored.sha256,
      size: bytes.length,
      mimeType: kind === "VIDEO" ? "video/webm" : "image/jpeg",
      stepPosition: position,
    },
  });
  return { document, signer, evidence };
}

describe("recovering jobs lost with Redis from the database", () => {
  it("re-queues the face check of a selfie still waiting on a comparing step, and never a selfie of a step without comparison", async () => {
    const queue = queues[evidenceQueue]!;
    const { document, evidence } = await pendingCapture(["ID_PHOTO", "SELFIE", "SIGNATURE"], 2, "SELFIE", await noFace(), {
      compareTarget: "ID_FRONT",
    });
    const plain = await pendingCapture(["SELFIE", "SIGNATURE"], 1, "SELFIE", await noFace());
    await queue.obliterate({ force: true });

    await reconcileSigning();
    expect(await queue.getJob(`face-check-${evidence.id}`)).toBeUndefined();
    await reconcileSigning(later());
    const job = await queue.getJob(`face-check-${evidence.id}`);
    expect(job?.name).toBe("evidence.face-check");
    expect(await queue.getJob(`face-check-${plain.evidence.id}`)).toBeUndefined();

    expect(await runJob(job!.name, job!.data)).toMatchObject({ settled: true, check: "FAILED", reason: "FACE_NOT_IDENTIFIED" });
    // The job ran again (the old one was not lost after all): nothing happens twice.
    expect(await runJob(job!.name, job!.data)).toEqual({ settled: false });
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "evidence.face-checked" } })).toBe(1);
    expect((await db.evidence.findUniqueOrThrow({ where: { id: evidence.id } })).check).toBe("FAILED");
    // Settled: the sweep leaves it alone now.
    await queue.obliterate({ force: true });
    await reconcileSigning(later());
    expect(await queue.getJob(`face-check-${evidence.id}`)).toBeUndefined();
  }, 60_000);

  it("re-queues the liveness check of a video still waiting on a comparing VIDEO step", async () => {
    const queue = queues[evidenceQueue]!;
    // Not a playable video: the check settles FAILED (FACE_CHECK_ERROR) on its single attempt, which is enough to count runs.
    const { document, evidence } = await pendingCapture(
      ["SELFIE", "VIDEO", "SIGNATURE"],
      2,
      "VIDEO",
      new TextEncoder().encode("not a video"),
      { compareTarget: "SELFIE" },
    );
    await queue.obliterate({ force: true });

    await reconcileSigning();
    expect(await queue.getJob(`liveness-check-${evidence.id}`)).toBeUndefined();
    await reconcileSigning(later());
    const job = await queue.getJob(`liveness-check-${evidence.id}`);
    expect(job?.name).toBe("evidence.liveness-check");
    expect(await runJob(job!.name, job!.data)).toMatchObject({ settled: true, check: "FAILED" });
    expect(await runJob(job!.name, job!.data)).toEqual({ settled: false });
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "evidence.liveness-checked" } })).toBe(1);
  }, 60_000);

  it("re-queues the completion callback and every completion mail of a sealed shipment that has no success record, and runs each once", async () => {
    const queue = queues[callbacksQueue]!;
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
    await db.document.update({ where: { id: document.id }, data: { callBackUrl: `${base}/done`, senderId: sender.id } });
    for (const signer of signers) expect((await signStep(signer.hexId, signer.secret!)).body.finished).toBe(true);
    expect(await runJob("signing.seal-document", { documentId: document.id })).toMatchObject({ sealed: 1 });
    // Redis lost the callback and the mails the seal enqueued.
    await queue.obliterate({ force: true });

    const ids = [
      callbackJobId(document.id, "completed"),
      `completion-mail-${document.id}-sender`,
      ...signers.map((s) => `completion-mail-${document.id}-signer-${s.id}`),
    ];
    await reconcileSigning();
    for (const id of ids) expect(await queue.getJob(id), id).toBeUndefined();
    await reconcileSigning(later());
    const jobs = await Promise.all(ids.map((id) => queue.getJob(id)));
    expect(jobs.map((j) => j?.name)).toEqual([
      "callbacks.deliver",
      "callbacks.completion-mail",
      "callbacks.completion-mail",
      "callbacks.completion-mail",
    ]);

    for (const job of jobs) await runJob(job!.name, job!.data);
    for (const job of jobs) expect(await runJob(job!.name, job!.data)).toEqual({ result: "skipped" });
    expect(received).toEqual(["/done"]);
    const recipients = [sender.email, ...signers.map((s) => s.email!)];
    for (const email of recipients) {
      await peers.mail.waitFor((m) => m.to.includes(email) && m.text.includes(document.title));
      expect(
        peers.mail.messages.filter((m) => m.to.includes(email)),
        email,
      ).toHaveLength(1);
    }

    // Everything delivered: a later sweep adds none of them back.
    await queue.obliterate({ force: true });
    await reconcileSigning(later());
    for (const id of ids) expect(await queue.getJob(id), id).toBeUndefined();
  }, 60_000);

  it("re-queues the sender's mail about a rejection that has no success record, and sends it once", async () => {
    const queue = queues[callbacksQueue]!;
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
    await db.document.update({ where: { id: document.id }, data: { senderId: sender.id } });
    const rejecter = signers[0]!;
    const reason = `No estoy de acuerdo con la cláusula ${rejecter.hexId.slice(0, 6)}`;
    const answer = await call(rejectRoute, `/api/signprocess/${rejecter.hexId}/reject`, {
      body: { reason },
      params: { id: rejecter.hexId },
      headers: { "x-url-sign": rejecter.secret! },
    });
    expect(answer.status).toBe(200);
    // Redis lost the mail the rejection enqueued.
    await queue.obliterate({ force: true });

    const id = `rejection-mail-${rejecter.id}`;
    await reconcileSigning();
    expect(await queue.getJob(id)).toBeUndefined();
    await reconcileSigning(later());
    const job = await queue.getJob(id);
    expect(job?.name).toBe("callbacks.rejection-mail");

    expect(await runJob(job!.name, job!.data)).toEqual({ result: "sent" });
    expect(await runJob(job!.name, job!.data)).toEqual({ result: "skipped" });
    const mail = await peers.mail.waitFor((m) => m.to.includes(sender.email) && m.text.includes(reason));
    expect(mail.text).toContain(document.title);
    expect(peers.mail.messages.filter((m) => m.to.includes(sender.email) && m.text.includes(reason))).toHaveLength(1);

    // Sent: a later sweep does not add it back.
    await queue.obliterate({ force: true });
    await reconcileSigning(later());
    expect(await queue.getJob(id)).toBeUndefined();
  }, 60_000);

  it("finishes a seal whose worker was killed mid-job: a new worker seals it once", async () => {
    const queue = queues[signingQueue]!;
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    expect((await signStep(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
    await queue.obliterate({ force: true });
    await enqueueJobs([sealDocumentJob(document.id)]);
    const jobId = `seal-document-${document.id}`;

    const first = startWorker();
    try {
      // Killed the moment it takes the job (SIGKILL: no chance to finish or to hand the job back).
      await until(async () => (await queue.getJob(jobId).then((job) => job?.getState())) === "active", 5, 40_000);
      first.kill();
      await first.exited;
    } finally {
      first.kill();
    }
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).sealedAt).toBeNull();
    expect(await queue.getJob(jobId).then((job) => job?.getState())).toBe("active");

    const second = startWorker();
    try {
      await until(async () => (await db.document.findUniqueOrThrow({ where: { id: document.id } })).sealedAt !== null, 100, 40_000);
    } finally {
      second.kill();
      await second.exited;
    }
    const file = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    const pdf = Buffer.from(await storage().get(file.signedStorageKey!)).toString("latin1");
    // One signature dictionary per signature: the signer's and one seal.
    expect(pdf.match(/\/ByteRange\s*\[/g)).toHaveLength(2);
    expect([...(await pdfFieldNames(await storage().get(file.signedStorageKey!)))].filter((name) => name.startsWith("Sello_"))).toEqual([
      `Sello_${document.hexId}`,
    ]);
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "document.sealed" } })).toBe(1);
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "signer.pdf-signed" } })).toBe(1);
  }, 100_000);
});
