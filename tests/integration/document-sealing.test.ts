import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Queue, QueueEvents } from "bullmq";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as downloadRoute } from "@/app/api/documents/[documentHexId]/download/route";
import { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { queueConnection } from "@/lib/queue/connection";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { startWorkers } from "@/workers/start";
import { signingQueue } from "@/lib/sealing/pdf-jobs";
import { reconcileSigning } from "@/lib/signing/reconcile";
import { storage } from "@/lib/storage";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";
import { createSentShipment, signStep } from "../support/signing";
import { sendRequest } from "../support/http";

const run = promisify(execFile);
const hasPdfsig = await run("sh", ["-c", "command -v pdfsig"]).then(
  () => true,
  () => false,
);

let org: TestOrganization;
let token: string;

beforeAll(async () => {
  org = await createTestOrganization();
  token = await signIn((await createTestUser(org)).email);
});

afterAll(async () => {
  await closeProducers();
});

const sign = signStep;

async function download(documentHexId: string, file?: string) {
  const query = file ? `?file=${file}` : "";
  const request = new NextRequest(`http://127.0.0.1:3000/api/documents/${documentHexId}/download${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return sendRequest(downloadRoute, request);
}

/** pdfsig's verdict on every signature of a file: its output, since it exits 0 even on a digest mismatch. */
async function pdfsig(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "sealed-"));
  const file = path.join(dir, "signed.pdf");
  await writeFile(file, bytes);
  const { stdout } = await run("pdfsig", ["-nocert", file]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return stdout;
}

describe("signing and sealing the shipment's files", () => {
  it("puts each signer's signature on the PDF when they finish and seals it once the shipment completes; only then can it be downloaded", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
    const [first, second] = signers;

    expect((await sign(first!.hexId, first!.secret!)).body.finished).toBe(true);
    expect(await runJob("signing.sign-signer", { signerId: first!.id })).toEqual({ signed: 1 });
    // A re-run (a retried or duplicated job) signs nothing twice.
    expect(await runJob("signing.sign-signer", { signerId: first!.id })).toEqual({ signed: 0 });
    const working = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    expect(working.workingStorageKey).not.toBeNull();
    expect(working.signedStorageKey).toBeNull();
    expect((await download(document.hexId)).status).toBe(409);

    expect((await sign(second!.hexId, second!.secret!)).body.finished).toBe(true);
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("COMPLETED");
    // The seal signs for any signer whose own job has not run yet, then closes the file.
    expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
    expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 0 });
    expect(await runJob("signing.sign-signer", { signerId: second!.id })).toEqual({ signed: 0 });

    const sealed = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    const row = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(row.sealedAt).not.toBeNull();
    const signedBytes = Buffer.from(await storage().get(sealed.signedStorageKey!));
    const certificateBytes = Buffer.from(await storage().get(row.certificateStorageKey!));
    // The shipment comes with its audit certificate: a ZIP of the signed file and the certificate.
    const all = await download(document.hexId);
    expect(all.status).toBe(200);
    expect(all.headers.get("content-type")).toBe("application/zip");
    const entries = unzipSync(new Uint8Array(await all.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(["contrato-firmado.pdf", `${row.title}-certificado-de-auditoria.pdf`]);
    expect(Buffer.from(entries["contrato-firmado.pdf"]!).equals(signedBytes)).toBe(true);
    // Each on its own as a PDF.
    const response = await download(document.hexId, sealed.hexId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes).equals(signedBytes)).toBe(true);
    const certificate = await download(document.hexId, "certificate");
    expect(certificate.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await certificate.arrayBuffer()).equals(certificateBytes)).toBe(true);
    expect((await download(document.hexId, "certificado")).status).toBe(404);
    const events = await db.auditEvent.findMany({
      where: { documentId: document.id, type: { in: ["signer.pdf-signed", "document.sealed"] } },
    });
    expect(events.map((e) => e.type).sort()).toEqual(["document.sealed", "signer.pdf-signed", "signer.pdf-signed"]);

    if (!hasPdfsig) return console.warn("pdfsig (poppler-utils) missing: signature validity not checked");
    const verdict = await pdfsig(bytes);
    expect(verdict.match(/Signature #\d/g)).toHaveLength(3);
    expect(verdict.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(3);
    // Three fields: both signers' (Firma_<their process id>) and the seal (Sello_<shipment id>).
    expect(verdict).toContain(`Firma_${first!.hexId}`);
    expect(verdict).toContain(`Firma_${second!.hexId}`);
    expect(verdict).toContain(`Sello_${document.hexId}`);
  });

  it("runs through the worker's queue: the jobs the signing steps enqueue seal the shipment on their own", async () => {
    const queue = new Queue(signingQueue, { connection: queueConnection() });
    await queue.obliterate({ force: true });
    const events = new QueueEvents(signingQueue, { connection: queueConnection() });
    const workers = await startWorkers({ queues: [signingQueue] });
    await Promise.all([events.waitUntilReady(), workers.ready()]);
    try {
      const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
      expect((await sign(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
      const deadline = Date.now() + 20_000;
      while (!(await db.document.findUniqueOrThrow({ where: { id: document.id } })).sealedAt) {
        if (Date.now() > deadline) throw new Error("the shipment was not sealed within 20 s");
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await download(document.hexId)).status).toBe(200);
    } finally {
      await workers.close();
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it("recovers a seal job lost with Redis: the reconcile sweep finds the completed, unsealed shipment in the database", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    expect((await sign(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
    // Redis forgot everything (a restart without persistence): neither the signer's nor the seal job exists.
    const queue = new Queue(signingQueue, { connection: queueConnection() });
    await queue.obliterate({ force: true });
    expect(await queue.getJob(`seal-document-${document.id}`)).toBeUndefined();

    // Within the first minute the sweep leaves it to the jobs that may still be running. (Other
    // files' completed shipments may be requeued too: the sweep covers the whole database.)
    await reconcileSigning();
    expect(await queue.getJob(`seal-document-${document.id}`)).toBeUndefined();
    const { requeued } = await reconcileSigning(new Date(Date.now() + 61_000));
    expect(requeued).toBeGreaterThanOrEqual(1);
    const job = await queue.getJob(`seal-document-${document.id}`);
    expect(job?.name).toBe("signing.seal-document");
    expect(await runJob(job!.name, job!.data)).toEqual({ sealed: 1 });
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).sealedAt).not.toBeNull();
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "signer.pdf-signed" } })).toBe(1);
    await queue.obliterate({ force: true });
    await queue.close();
  });
});
