import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Queue } from "bullmq";
import { JsonRpcProvider, Network } from "ethers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callbackJob, completionMailJob } from "@/lib/callbacks/callback-jobs";
import { db } from "@/lib/db/client";
import type { EvidenceKind, StepType } from "@/lib/db/generated/enums";
import { shipmentsQueue } from "@/lib/documents/shipment-jobs";
import { queueConnection } from "@/lib/queue/connection";
import { closeProducers, enqueueJobs, type QueuedJob } from "@/lib/queue/enqueue";
import { queueNames, runJob } from "@/workers/registry";
import { faceCheckJob, livenessCheckJob } from "@/lib/evidence/check-jobs";
import { signSignerJob } from "@/lib/sealing/pdf-jobs";
import { stampSoonJob } from "@/lib/stamping/stamp-pending";
import { storage } from "@/lib/storage";
import { hardhatDevKey } from "@/lib/stamping/networks";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { hardhatNode } from "../support/hardhat-node";
import { createSentShipment, signStep } from "../support/signing";
import { startSmtpSink, type SinkMail, type SmtpSink } from "../support/smtp-sink";
import { gate, startWorker, until, type WorkerProcess } from "../support/worker-process";

// Issue 5 item 8: killing the worker in the middle of any job and starting it again finishes the work
// with no duplicate signature, stamp, mail or callback. Each case starts a real worker process, kills it
// (SIGKILL: no clean-up, no hand-back) while the job is running — where the job talks to a peer, at the
// worst moment: after the peer has received the request and before the worker hears back — then starts
// a second worker and checks the end state.

const slot = Number(process.env.TEST_SLOT ?? 0);
let org: TestOrganization;
let sender: Awaited<ReturnType<typeof createTestUser>>;
const queues: Record<string, Queue> = {};

async function emptyQueues() {
  for (const queue of Object.values(queues)) await queue.obliterate({ force: true });
}

beforeAll(async () => {
  org = await createTestOrganization();
  sender = await createTestUser(org);
  for (const name of queueNames) queues[name] = new Queue(name, { connection: queueConnection() });
});

afterAll(async () => {
  for (const queue of Object.values(queues)) {
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await closeProducers();
});

const jobState = (job: QueuedJob) => queues[job.queue]!.getJob(job.options!.jobId!).then((found) => found?.getState());

/** Enqueues `job`, starts a worker and kills it once `running` says the job is under way; the job is left active. */
async function killMidJob(
  job: QueuedJob,
  running: () => Promise<boolean> = async () => (await jobState(job)) === "active",
  env: Record<string, string> = {},
) {
  await enqueueJobs([job]);
  const first = startWorker(env);
  try {
    await until(running, 5, 60_000);
    first.kill();
    await first.exited;
  } finally {
    first.kill();
  }
  expect(await jobState(job)).toBe("active");
}

/** A second worker, run until `done` holds. */
async function finishWith(done: () => Promise<boolean>, env: Record<string, string> = {}) {
  const second: WorkerProcess = startWorker(env);
  try {
    await until(done, 50, 60_000);
  } finally {
    second.kill();
    await second.exited;
  }
}

/** A colourful pattern with no face in it: the face check loads its models, looks, and settles FAILED. */
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

async function capture(signerId: number, kind: EvidenceKind, position: number, bytes: Uint8Array) {
  const stored = await storage().put(bytes);
  return db.evidence.create({
    data: {
      kind,
      signerId,
      storageKey: stored.key,
      sha256: stored.sha256,
      size: bytes.length,
      mimeType: kind === "VIDEO" ? "video/webm" : "image/jpeg",
      stepPosition: position,
    },
  });
}

/** A signer on the step at `position` of `steps` (compared with `compareTarget`), its capture waiting for its check. */
async function signerOnCheckedStep(steps: StepType[], position: number, compareTarget: string) {
  const { document, signers, flow } = await createSentShipment(org.organization.id, { signers: [{}], steps });
  await db.flowStep.updateMany({ where: { flowId: flow.id, position }, data: { compareTarget } });
  const signer = signers[0]!;
  await db.signer.update({ where: { id: signer.id }, data: { status: "IN_PROGRESS", currentStep: position - 1 } });
  return { document, signer };
}

/** A sealed shipment with a callback URL and a sender, whose completion jobs have not run. */
async function sealedShipment(callBackUrl?: string) {
  const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
  await db.document.update({ where: { id: document.id }, data: { senderId: sender.id, callBackUrl } });
  expect((await signStep(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
  expect(await runJob("signing.seal-document", { documentId: document.id })).toMatchObject({ sealed: 1 });
  // What the seal enqueued is dropped: each case enqueues the one job it is about.
  await emptyQueues();
  return { document, signer: signers[0]! };
}

/** An SMTP server that, for mails to `hold`, receives the whole message and keeps its answer back until told. */
async function holdingSmtp(hold: string) {
  const received: SinkMail[] = [];
  const arrived = gate<SinkMail>();
  const answer = gate();
  const sink: SmtpSink = await startSmtpSink({
    onMessage: async (mail) => {
      if (!mail.to.includes(hold)) return;
      received.push(mail);
      if (received.length === 1) {
        arrived.open(mail);
        await answer.promise;
      }
    },
  });
  return { sink, received, arrived, answer: () => answer.open() };
}

describe("a worker killed in the middle of a job: a new worker finishes it once", () => {
  it("signing.sign-signer: the signer's signature is in the PDF once", async () => {
    await emptyQueues();
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
    const signer = signers[0]!;
    expect((await signStep(signer.hexId, signer.secret!)).body.finished).toBe(true);
    await emptyQueues();

    await killMidJob(signSignerJob(signer.id));
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "signer.pdf-signed" } })).toBe(0);
    await finishWith(async () => (await db.auditEvent.count({ where: { documentId: document.id, type: "signer.pdf-signed" } })) > 0);

    // The working copy (signed revisions before the seal) holds one signature dictionary: this signer's.
    const file = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    const pdf = Buffer.from(await storage().get(file.workingStorageKey!)).toString("latin1");
    expect(pdf.match(/\/ByteRange\s*\[/g)).toHaveLength(1);
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "signer.pdf-signed" } })).toBe(1);
    // Not every signer has signed: no seal yet.
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).sealedAt).toBeNull();
  }, 120_000);

  it("evidence face check: settled once, one attempt counted", async () => {
    await emptyQueues();
    const { document, signer } = await signerOnCheckedStep(["ID_PHOTO", "SELFIE", "SIGNATURE"], 2, "ID_FRONT");
    const evidence = await capture(signer.id, "SELFIE", 2, await noFace());
    const attemptsBefore = (await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).attempts;

    await killMidJob(faceCheckJob(evidence.id));
    expect((await db.evidence.findUniqueOrThrow({ where: { id: evidence.id } })).check).toBe("PENDING");
    await finishWith(async () => (await db.evidence.findUniqueOrThrow({ where: { id: evidence.id } })).check !== "PENDING");

    expect((await db.evidence.findUniqueOrThrow({ where: { id: evidence.id } })).check).toBe("FAILED");
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "evidence.face-checked" } })).toBe(1);
    expect((await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).attempts).toBe(attemptsBefore + 1);
  }, 120_000);

  it("evidence liveness check: settled once, one attempt counted", async () => {
    await emptyQueues();
    const { document, signer } = await signerOnCheckedStep(["SELFIE", "VIDEO", "SIGNATURE"], 2, "SELFIE");
    await capture(signer.id, "SELFIE", 1, await noFace());
    const video = await capture(signer.id, "VIDEO", 2, new TextEncoder().encode("not a video"));
    const attemptsBefore = (await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).attempts;

    await killMidJob(livenessCheckJob(video.id));
    expect((await db.evidence.findUniqueOrThrow({ where: { id: video.id } })).check).toBe("PENDING");
    await finishWith(async () => (await db.evidence.findUniqueOrThrow({ where: { id: video.id } })).check !== "PENDING");

    expect((await db.evidence.findUniqueOrThrow({ where: { id: video.id } })).check).toBe("FAILED");
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "evidence.liveness-checked" } })).toBe(1);
    expect((await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).attempts).toBe(attemptsBefore + 1);
  }, 120_000);

  describe("callbacks.deliver", () => {
    let server: Server;
    let base: string;
    const requests: { path: string; headers: IncomingMessage["headers"] }[] = [];
    let hold: ReturnType<typeof gate<void>> | null = null;
    const firstArrived = gate();

    beforeAll(async () => {
      server = createServer((request, response) => {
        request.resume();
        request.on("end", () => {
          requests.push({ path: request.url ?? "", headers: request.headers });
          firstArrived.open();
          const held = hold;
          hold = null;
          // The first request is answered only once the test has killed the worker that sent it.
          void (held ? held.promise : Promise.resolve()).then(() => response.end("ok"));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it("killed after the receiver got the callback: it is sent again under the same event id, and recorded delivered once", async () => {
      const { document } = await sealedShipment(`${base}/kill-${slot}`);
      hold = gate();
      const held = hold;
      await killMidJob(callbackJob(document.id, "completed"), async () => firstArrived.opened);
      held.open();
      await finishWith(
        async () =>
          (await db.transactionLog.count({
            where: { transactionHexId: document.hexId, resultSuccess: true, description: { startsWith: "document.completed " } },
          })) > 0,
      );

      const mine = requests.filter((request) => request.path === `/kill-${slot}`);
      // The receiver cannot be told apart from one that crashed before answering, so the callback comes again
      // (at least once); the event id is the same, so the receiver keeps one. The delivery ids differ.
      expect(mine).toHaveLength(2);
      expect(mine[0]!.headers["x-rubrica-event-id"]).toBe(mine[1]!.headers["x-rubrica-event-id"]);
      expect(mine[0]!.headers["x-rubrica-delivery"]).not.toBe(mine[1]!.headers["x-rubrica-delivery"]);
      expect(
        await db.transactionLog.count({
          where: { transactionHexId: document.hexId, resultSuccess: true, description: { startsWith: "document.completed " } },
        }),
      ).toBe(1);
      // And the job is over: a further run sends nothing.
      expect(await runJob("callbacks.deliver", { documentId: document.id, kind: "completed" })).toEqual({ result: "skipped" });
      expect(requests.filter((request) => request.path === `/kill-${slot}`)).toHaveLength(2);
    }, 120_000);
  });

  it("callbacks.completion-mail: killed after the mail server got the mail, it comes again with the same Message-ID", async () => {
    const { document } = await sealedShipment();
    const smtp = await holdingSmtp(sender.email);
    try {
      const env = { SMTP_URL: smtp.sink.url };
      await killMidJob(completionMailJob(document.id), async () => smtp.arrived.opened, env);
      smtp.answer();
      await finishWith(
        async () =>
          (await db.transactionLog.count({
            where: { transactionHexId: document.hexId, resultSuccess: true, description: { startsWith: "completion mail to sender:" } },
          })) > 0,
        env,
      );

      expect(smtp.received).toHaveLength(2);
      // One message as far as mail systems go: the same Message-ID, which they use to drop the copy.
      expect(smtp.received[0]!.messageId).toBeTruthy();
      expect(smtp.received[1]!.messageId).toBe(smtp.received[0]!.messageId);
      expect(smtp.received[1]!.text).toBe(smtp.received[0]!.text);
      expect(
        await db.transactionLog.count({
          where: { transactionHexId: document.hexId, resultSuccess: true, description: { startsWith: "completion mail to sender:" } },
        }),
      ).toBe(1);
      expect(await runJob("callbacks.completion-mail", { documentId: document.id })).toEqual({ result: "skipped" });
    } finally {
      await smtp.sink.stop();
    }
  }, 120_000);

  it("shipments.deliver-invitation: killed after the mail server got the invitation, the signer ends with one working link", async () => {
    await emptyQueues();
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    const signer = signers[0]!;
    const delivery = await db.delivery.create({ data: { signerId: signer.id, channel: "EMAIL", kind: "INVITATION", status: "QUEUED" } });
    const smtp = await holdingSmtp(signer.email!);
    try {
      const env = { SMTP_URL: smtp.sink.url };
      await killMidJob(
        {
          queue: shipmentsQueue,
          name: "shipments.deliver-invitation",
          data: { deliveryId: delivery.id },
          options: { jobId: `delivery-${delivery.id}`, attempts: 5, backoff: { type: "fixed", delay: 300 } },
        },
        async () => smtp.arrived.opened,
        env,
      );
      smtp.answer();
      await finishWith(async () => (await db.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).status === "SENT", env);

      // Each attempt issues a fresh link and only the last one sent works: the signer is never left without a link that opens.
      expect(smtp.received).toHaveLength(2);
      const secretOf = (mail: SinkMail) => /\/sign\/([0-9a-f]{32})\//.exec(mail.text)?.[1];
      const hash = (await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).urlSignHash;
      const sha = (secret: string | undefined) =>
        createHash("sha256")
          .update(secret ?? "")
          .digest("hex");
      expect(sha(secretOf(smtp.received[1]!))).toBe(hash);
      expect(sha(secretOf(smtp.received[0]!))).not.toBe(hash);
      expect((await db.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("SENT");
    } finally {
      await smtp.sink.stop();
    }
  }, 120_000);

  describe("stamping.stamp-pending", () => {
    const node = hardhatNode(18585 + slot);
    let provider: JsonRpcProvider;
    const env = () => ({
      STAMPING_NETWORKS: "local",
      STAMPING_PRIVATE_KEY: hardhatDevKey,
      STAMPING_LOCAL_RPC_URL: node.url,
      STAMPING_CONFIRM_TIMEOUT_MS: "60000",
    });
    const sender = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"; // hardhat account #0, the development key's
    const nonce = async () => Number(await provider.send("eth_getTransactionCount", [sender, "latest"]));
    const pool = async () => Number((await provider.send("eth_getBlockByNumber", ["pending", false])).transactions.length);

    beforeAll(async () => {
      await node.start();
      provider = new JsonRpcProvider(node.url, 31337, { staticNetwork: Network.from(31337) });
    }, 60_000);

    afterAll(async () => {
      provider.destroy();
      await node.stop();
    });

    it("killed after the transaction went out, before it was mined: the batch is confirmed with that one transaction", async () => {
      await emptyQueues();
      // Evidence of other files waiting for a stamp joins this batch; that is fine, it is counted below.
      const evidences = [];
      for (let i = 0; i < 3; i++) {
        const bytes = new TextEncoder().encode(`evidencia ${slot} ${Date.now()} ${i}`);
        const stored = await storage().put(bytes);
        evidences.push(
          await db.evidence.create({
            data: { kind: "SELFIE", storageKey: stored.key, sha256: stored.sha256, size: bytes.length, mimeType: "image/jpeg" },
          }),
        );
      }
      // Blocks only when the test says: the stamp stays in the node's pool while the worker waits for it.
      await provider.send("evm_setAutomine", [false]);
      const before = await nonce();
      try {
        await killMidJob({ ...stampSoonJob(), options: { ...stampSoonJob().options, delay: 0 } }, async () => (await pool()) > 0, env());
      } finally {
        await provider.send("evm_setAutomine", [true]);
      }
      await provider.send("evm_mine", []);
      const ids = evidences.map((evidence) => evidence.id);
      await finishWith(
        async () => (await db.stampingRecord.count({ where: { evidenceId: { in: ids }, code: 200 } })) === ids.length,
        env(),
      );

      // One transaction for the batch: the second worker found the first one's on chain and did not send another.
      expect(await nonce()).toBe(before + 1);
      const records = await db.stampingRecord.findMany({ where: { evidenceId: { in: ids } }, include: { batch: true } });
      expect(new Set(records.map((record) => record.batchId)).size).toBe(1);
      const batch = records[0]!.batch!;
      expect(batch.status).toBe("CONFIRMED");
      const tx = await provider.getTransaction(batch.localTx!);
      expect(tx?.data).toBe(`0x${Buffer.from("RBK1").toString("hex")}${batch.merkleRoot}`);
      expect(records.every((record) => record.ethTrxid === batch.localTx)).toBe(true);
    }, 120_000);
  });
});
