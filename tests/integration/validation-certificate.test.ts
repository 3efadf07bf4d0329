import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Queue } from "bullmq";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { hardhatDevKey } from "@/lib/stamping/networks";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { hardhatNode } from "../support/hardhat-node";
import { hasOpenssl, startSealingPki } from "../support/openssl-pki";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { signIn } from "../support/sign-in";
import { seedValidationInReview, type SeededValidation, type ValidationCalls } from "../support/validation-review";
import { qrCodes } from "../support/pdf-qr";

// The validation certificate end to end: a validation process made through the real calls (tests/support/
// validation-review.ts), its evidence stamped on a local EVM node (hardhat 2, as tests/integration/stamping.test.ts),
// the certificate job run, and the sealed PDF read by independent tools (pdfsig, pdftotext, pdfimages + a QR decoder).

const run = promisify(execFile);
const slot = Number(process.env.TEST_SLOT ?? 0);
const node = hardhatNode(18545 + slot);

type Modules = {
  runJob: typeof import("@/workers/registry").runJob;
  closeProducers: typeof import("@/lib/queue/enqueue").closeProducers;
  queueConnection: typeof import("@/lib/queue/connection").queueConnection;
  afterValidationCompleted: typeof import("@/lib/validation-process/after-completed").afterValidationCompleted;
  reconcile: typeof import("@/lib/validation-process/certificate-job").reconcileValidationCertificates;
  validationQueue: string;
  publicValidationCertificate: typeof import("@/lib/validation-process/certificate-verification").publicValidationCertificate;
  publicValidation: typeof import("@/lib/documents/public-validation").publicValidation;
  staffRoute: typeof import("@/app/api/validation-processes/[processHexId]/certificate/route").GET;
  personRoute: typeof import("@/app/api/validation-process/[processHexId]/certificate/route").GET;
  acceptRoute: typeof import("@/app/api/validation-processes/[processHexId]/accept/route").POST;
  detailRoute: typeof import("@/app/api/validation-processes/[processHexId]/route").GET;
  checkRoute: typeof import("@/app/api/validateDocs/[signatureHexId]/check/route").POST;
  calls: (token: string) => ValidationCalls;
};
let m: Modules;
let queue: Queue;
let orgA: TestOrganization;
let adminA: string;
let adminB: string;
let noRoleA: string;
let workDir: string;

beforeAll(async () => {
  await node.start();
  // env() is read once per module load: load the stamping and certificate modules under this file's variables.
  vi.stubEnv("STAMPING_NETWORKS", "local");
  vi.stubEnv("STAMPING_PRIVATE_KEY", hardhatDevKey);
  vi.stubEnv("STAMPING_LOCAL_RPC_URL", node.url);
  vi.stubEnv("STAMPING_LOCAL_EXPLORER_URL", "http://explorer.local");
  vi.stubEnv("STAMPING_CONFIRM_TIMEOUT_MS", "10000");
  vi.stubEnv("STAMPING_SEAL_WAIT_MS", "15000");
  vi.resetModules();
  const [
    jobs,
    enqueue,
    connection,
    after,
    certificateJob,
    verification,
    publicDocs,
    staff,
    person,
    accept,
    check,
    createLink,
    login,
    geo,
    detail,
  ] = await Promise.all([
    import("@/workers/registry"),
    import("@/lib/queue/enqueue"),
    import("@/lib/queue/connection"),
    import("@/lib/validation-process/after-completed"),
    import("@/lib/validation-process/certificate-job"),
    import("@/lib/validation-process/certificate-verification"),
    import("@/lib/documents/public-validation"),
    import("@/app/api/validation-processes/[processHexId]/certificate/route"),
    import("@/app/api/validation-process/[processHexId]/certificate/route"),
    import("@/app/api/validation-processes/[processHexId]/accept/route"),
    import("@/app/api/validateDocs/[signatureHexId]/check/route"),
    import("@/app/api/validations/route"),
    import("@/app/api/validation/[validationHexId]/login/route"),
    import("@/app/api/signprocess/addSigneeGeolocation/route"),
    import("@/app/api/validation-processes/[processHexId]/route"),
  ]);
  m = {
    runJob: jobs.runJob,
    closeProducers: enqueue.closeProducers,
    queueConnection: connection.queueConnection,
    afterValidationCompleted: after.afterValidationCompleted,
    reconcile: certificateJob.reconcileValidationCertificates,
    validationQueue: certificateJob.validationQueue,
    publicValidationCertificate: verification.publicValidationCertificate,
    publicValidation: publicDocs.publicValidation,
    staffRoute: staff.GET,
    personRoute: person.GET,
    acceptRoute: accept.POST,
    detailRoute: detail.GET,
    checkRoute: check.POST,
    calls: (token) => ({
      createLink: (body) => call<{ validationHexId: string }>(createLink.POST, "/api/validations", { token, body }),
      login: (validationHexId, body, ip) =>
        call<{ processHexId: string; urlSign: string }>(login.POST, `/api/validation/${validationHexId}/login`, {
          body,
          ip,
          params: { validationHexId },
        }),
      geolocate: (body, urlSign) => call(geo.POST, "/api/signprocess/addSigneeGeolocation", { body, headers: { "x-url-sign": urlSign } }),
    }),
  };
  queue = new Queue(m.validationQueue, { connection: m.queueConnection() });
  const orgB = await createTestOrganization();
  orgA = await createTestOrganization();
  const [a, b, none] = await Promise.all([createTestUser(orgA), createTestUser(orgB), createTestUser(orgA, { role: "none" })]);
  [adminA, adminB, noRoleA] = await Promise.all([signIn(a.email), signIn(b.email), signIn(none.email)]);
  workDir = await mkdtemp(path.join(tmpdir(), "validation-certificate-"));
  // Evidence other files left unstamped goes into a first batch of its own.
  await m.runJob("stamping.stamp-pending", {});
}, 90_000);

afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => {});
  await queue?.close();
  await m?.closeProducers();
  await node.stop();
  vi.unstubAllEnvs();
  vi.resetModules();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A process the person finished without review: every check passed, COMPLETED, its completion committed. */
async function completedProcess(person: { firstName: string; lastName: string; identNumber: string }): Promise<SeededValidation> {
  const seeded = await seedValidationInReview(m.calls(adminA), orgA.organization.id, person);
  // The liveness check passed (the seed leaves it undecided, for review).
  const video = await db.evidence.findUniqueOrThrow({ where: { hexId: seeded.video } });
  const detail = video.checkDetail as { livenessCheck: Record<string, unknown> };
  await db.evidence.update({
    where: { id: video.id },
    data: { check: "VERIFIED", checkDetail: { ...detail, livenessCheck: { ...detail.livenessCheck, result: "VERIFIED", reasons: [] } } },
  });
  await db.validationProcess.update({
    where: { id: seeded.processId },
    data: { status: "COMPLETED", completedAt: new Date(), cellPhone: "+34600111222" },
  });
  return seeded;
}

/** A GET route that answers a file: status, bytes and headers (errors parsed as JSON). */
async function fetchFile(handler: unknown, urlPath: string, headers: Record<string, string>) {
  const request = new NextRequest(new URL(`http://127.0.0.1:3000${urlPath}`), {
    headers: { ...clientAddressHeaders("203.0.113.44"), "user-agent": "vitest", ...headers },
  });
  const response = await sendRequest(handler, request);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const json = response.headers.get("content-type")?.includes("json")
    ? (JSON.parse(Buffer.from(bytes).toString()) as { errorCode: string })
    : null;
  return { status: response.status, bytes, headers: response.headers, json };
}
const staffDownload = (token: string, processHexId: string) =>
  fetchFile(m.staffRoute, `/api/validation-processes/${processHexId}/certificate`, { authorization: `Bearer ${token}` });
const personDownload = (processHexId: string, urlSign?: string) =>
  fetchFile(m.personRoute, `/api/validation-process/${processHexId}/certificate`, urlSign ? { "x-url-sign": urlSign } : {});

async function checkPdf(hexId: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), "certificado.pdf");
  const request = new NextRequest(new URL(`http://127.0.0.1:3000/api/validateDocs/${hexId}/check`), {
    method: "POST",
    body: form,
    headers: clientAddressHeaders(`198.51.100.${Math.floor(Math.random() * 200) + 20}`),
  });
  const response = await sendRequest(m.checkRoute, request);
  return { status: response.status, body: (await response.json()) as { identical: boolean; sha256: string; certificate: boolean } };
}

async function tempFile(bytes: Uint8Array, name: string): Promise<string> {
  const dir = await mkdtemp(path.join(workDir, "pdf-"));
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

/** pdfsig's verdict (it exits non-zero on some valid files: read its output whatever the status). */
async function pdfsig(file: string): Promise<string> {
  const { stdout } = await run("pdfsig", ["-nocert", file]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return stdout;
}

async function pdfText(file: string): Promise<string> {
  const { stdout } = await run("pdftotext", ["-layout", file, "-"]);
  return stdout.replace(/\s+/g, " ");
}

describe("the validation certificate of a completed validation process", () => {
  let seeded: SeededValidation;
  let certificateHexId: string;
  let sealed: Uint8Array;

  it("is queued on completion with the evidence's stamping, and not downloadable until it is made", async () => {
    seeded = await completedProcess({ firstName: "Lucía", lastName: "Certificada", identNumber: "12345678Z" });
    await queue.obliterate({ force: true });
    await m.afterValidationCompleted(seeded.processId);
    const job = await queue.getJob(`validation-certificate-${seeded.processId}`);
    expect(job?.name).toBe("validation.certificate");
    expect(job?.data).toEqual({ processId: seeded.processId });
    // Queued twice (a retried request): still one job.
    await m.afterValidationCompleted(seeded.processId);
    expect((await queue.getJobs(["waiting", "delayed", "active"])).filter((j) => j.data.processId === seeded.processId)).toHaveLength(1);

    const early = await staffDownload(adminA, seeded.processHexId);
    expect(early.status).toBe(409);
    expect(early.json?.errorCode).toBe("VALIDATION_CERTIFICATE_NOT_READY");
    expect((await personDownload(seeded.processHexId, seeded.urlSign)).json?.errorCode).toBe("VALIDATION_CERTIFICATE_NOT_READY");
  });

  it("waits for the evidence stamps, then seals a PDF that pdfsig validates whole, with the person's data, hashes, checks, stamps and QR", async () => {
    // The stamping run the completion asked for (stampSoonJob), against the local chain.
    const stamped = (await m.runJob("stamping.stamp-pending", {})) as { batches: { id: number }[] };
    expect(stamped.batches.length).toBeGreaterThanOrEqual(1);
    const job = await queue.getJob(`validation-certificate-${seeded.processId}`);
    const outcome = (await m.runJob(job!.name, job!.data)) as { issued: boolean; certificateHexId: string; sha256: string };
    expect(outcome.issued).toBe(true);
    certificateHexId = outcome.certificateHexId;
    expect(certificateHexId).toMatch(/^[0-9a-f]{32}$/);
    expect(certificateHexId).not.toBe(seeded.processHexId);

    const row = await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } });
    expect(row).toMatchObject({ certificateHexId, certificateSha256: outcome.sha256 });
    expect(row.certificateSealedAt).toBeInstanceOf(Date);
    const file = await staffDownload(adminA, seeded.processHexId);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain("certificado-validacion-Luc");
    sealed = file.bytes;
    expect(createHash("sha256").update(sealed).digest("hex")).toBe(row.certificateSha256);

    const pdf = await tempFile(sealed, "certificado.pdf");
    const verdict = await pdfsig(pdf);
    expect(verdict.match(/Signature #\d/g)).toHaveLength(1);
    expect(verdict).toContain("Signature Validation: Signature is Valid.");
    expect(verdict).toContain("Total document signed");
    expect(verdict).not.toContain("Not total document signed");

    const text = await pdfText(pdf);
    expect(text).toContain("Certificado de validación");
    for (const fact of [
      "Lucía",
      "Certificada",
      "certificada@example.test",
      "+34600111222",
      "12345678Z",
      "Alta Certificada",
      certificateHexId,
    ])
      expect(text).toContain(fact);
    const evidences = await db.evidence.findMany({
      where: { validationProcessId: seeded.processId },
      include: { stamping: { include: { batch: true } } },
      orderBy: { id: "asc" },
    });
    expect(evidences.map((e) => e.kind)).toEqual(["SELFIE", "VIDEO"]);
    for (const evidence of evidences) {
      expect(text).toContain(evidence.sha256);
      // Stamped on the local chain before the seal: the certificate names the transaction.
      expect(evidence.stamping?.batch?.status).toBe("CONFIRMED");
      expect(text).toContain(evidence.stamping!.batch!.localTx!);
    }
    // The checks: the selfie's face-match distance and threshold, the video's liveness outcome, the place.
    expect(text).toContain("distancia 0,31 (umbral 0,5)");
    expect(text).toContain("Prueba de vida: Verificada");
    expect(text).toContain("Madrid");
    expect(text).toContain("Sin revisión");

    expect(await qrCodes(pdf)).toContain(`http://127.0.0.1:3000/validateDocs/${certificateHexId}`);
  }, 90_000);

  it("is made once: the job run again (or a second job) stores nothing", async () => {
    const before = await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } });
    expect(await m.runJob("validation.certificate", { processId: seeded.processId })).toEqual({ issued: false });
    const after = await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } });
    expect(after.certificateSha256).toBe(before.certificateSha256);
    expect(after.certificateHexId).toBe(before.certificateHexId);
    expect(await db.auditEvent.count({ where: { validationProcessId: seeded.processId, type: "validation.certificate-sealed" } })).toBe(1);
  });

  it("is downloaded by the organisation's staff (logged), never by another organisation's or by staff without the privilege", async () => {
    const own = await staffDownload(adminA, seeded.processHexId);
    expect(own.status).toBe(200);
    expect(Buffer.from(own.bytes).equals(Buffer.from(sealed))).toBe(true);
    const logged = await db.operationLog.count({
      where: {
        organizationId: orgA.organization.id,
        operationEventId: "VALIDATION_CERTIFICATE_DOWNLOAD",
        detail: { contains: seeded.processHexId },
      },
    });
    expect(logged).toBeGreaterThanOrEqual(2);
    // The staff detail (/seeValidation) links the certificate's public verification page.
    const shown = await call<{ certificate: { certificateHexId: string; sha256: string; verifyPath: string } | null }>(
      m.detailRoute,
      `/api/validation-processes/${seeded.processHexId}`,
      { token: adminA, params: { processHexId: seeded.processHexId } },
    );
    expect(shown.body.certificate).toEqual(
      expect.objectContaining({
        certificateHexId,
        sha256: createHash("sha256").update(sealed).digest("hex"),
        verifyPath: `/validateDocs/${certificateHexId}`,
      }),
    );
    const foreign = await staffDownload(adminB, seeded.processHexId);
    expect(foreign.status).toBe(404);
    expect(foreign.json?.errorCode).toBe("NOT_FOUND");
    expect((await staffDownload(noRoleA, seeded.processHexId)).status).toBe(403);
    expect((await fetchFile(m.staffRoute, `/api/validation-processes/${seeded.processHexId}/certificate`, {})).status).toBe(401);
  });

  it("is downloaded by the person with their process's secret only", async () => {
    const mine = await personDownload(seeded.processHexId, seeded.urlSign);
    expect(mine.status).toBe(200);
    expect(Buffer.from(mine.bytes).equals(Buffer.from(sealed))).toBe(true);
    expect(await db.auditEvent.count({ where: { validationProcessId: seeded.processId, type: "validation.certificate-downloaded" } })).toBe(
      1,
    );
    const without = await personDownload(seeded.processHexId);
    expect(without.status).toBe(400);
    expect(without.json?.errorCode).toBe("INVALID_LINK");
    const wrong = await personDownload(seeded.processHexId, "f".repeat(43));
    expect(wrong.json?.errorCode).toBe("INVALID_LINK");
    expect(wrong.bytes.byteLength).toBeLessThan(1000);
  });

  it("is verified on the public page by its own id: valid Merkle proofs, mined stamps, the seal, and the upload check", async () => {
    // Not a shipment's id: the shipments' verification is untouched and finds nothing.
    expect((await m.publicValidation(certificateHexId)).state).toBe("not-found");
    // Neither the process's id nor an unknown id opens it.
    expect(await m.publicValidationCertificate(seeded.processHexId)).toBeNull();
    const shown = await m.publicValidationCertificate(certificateHexId);
    expect(shown).not.toBeNull();
    expect(shown!.person).toBe("Lucía Certificada");
    expect(JSON.stringify(shown)).not.toContain("12345678Z");
    expect(JSON.stringify(shown)).not.toContain("certificada@example.test");
    expect(shown!.stamping).toBe("stamped");
    expect(shown!.brokenAt).toBeNull();
    expect(shown!.certificate.sha256).toBe(createHash("sha256").update(sealed).digest("hex"));
    expect(shown!.certificate.signatures).toEqual([
      expect.objectContaining({ field: `SelloValidacion_${certificateHexId}`, kind: "signature" }),
    ]);
    expect(shown!.evidences).toHaveLength(2);
    for (const evidence of shown!.evidences) {
      expect(evidence.stamping).toMatchObject({ status: "CONFIRMED", proofValid: true });
      expect(evidence.stamping!.transactions).toEqual([
        expect.objectContaining({ network: "local", onChain: expect.objectContaining({ state: "confirmed" }) }),
      ]);
    }

    const same = await checkPdf(certificateHexId, sealed);
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ identical: true, certificate: true });
    // One byte changed in the signed range (the document's /Producer): not the sealed certificate, and pdfsig no
    // longer validates it.
    const tampered = Uint8Array.from(sealed);
    const at = Buffer.from(tampered).indexOf("pdfmake");
    expect(at).toBeGreaterThan(0);
    tampered[at] = "P".charCodeAt(0);
    const changed = await checkPdf(certificateHexId, tampered);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ identical: false });
    expect(changed.body.sha256).not.toBe(same.body.sha256);
    const verdict = await pdfsig(await tempFile(tampered, "alterado.pdf"));
    expect(verdict).not.toContain("Signature Validation: Signature is Valid.");
  });
});

describe("accepting a validation process in review", () => {
  it("produces a certificate that names the staff decision", async () => {
    const seeded = await seedValidationInReview(m.calls(adminA), orgA.organization.id, {
      firstName: "Mario",
      lastName: "Aceptado",
      identNumber: "87654321X",
    });
    // In review: nothing to download yet, for staff or for the person.
    expect((await staffDownload(adminA, seeded.processHexId)).json?.errorCode).toBe("VALIDATION_CERTIFICATE_NOT_COMPLETED");
    expect((await personDownload(seeded.processHexId, seeded.urlSign)).json?.errorCode).toBe("VALIDATION_CERTIFICATE_NOT_COMPLETED");
    await queue.obliterate({ force: true });
    const answer = await call(m.acceptRoute, `/api/validation-processes/${seeded.processHexId}/accept`, {
      token: adminA,
      body: {},
      params: { processHexId: seeded.processHexId },
    });
    expect(answer.status).toBe(200);
    const job = await queue.getJob(`validation-certificate-${seeded.processId}`);
    expect(job?.name).toBe("validation.certificate");
    await m.runJob("stamping.stamp-pending", {});
    expect(await m.runJob(job!.name, job!.data)).toMatchObject({ issued: true });

    const file = await staffDownload(adminA, seeded.processHexId);
    expect(file.status).toBe(200);
    const pdf = await tempFile(file.bytes, "aceptado.pdf");
    expect(await pdfsig(pdf)).toContain("Signature Validation: Signature is Valid.");
    const text = await pdfText(pdf);
    expect(text).toContain("Aceptada en revisión por Prueba Usuario");
    expect(text).toContain("87654321X");
    expect(text).toContain("Aceptada por el personal");
  }, 90_000);
});

describe("a certificate job lost with a crashed worker", () => {
  it("is queued again by the reconcile sweep once the completion is a minute old, and made once", async () => {
    const seeded = await completedProcess({ firstName: "Rosa", lastName: "Recuperada", identNumber: "11223344B" });
    await queue.obliterate({ force: true });
    // A completion less than a minute old is left to its own job (processes of earlier tests, completed longer
    // ago on a slow machine, may be requeued: only this one's job is looked at).
    await m.reconcile();
    expect(await queue.getJob(`validation-certificate-${seeded.processId}`)).toBeUndefined();
    const { requeued } = await m.reconcile(new Date(Date.now() + 61_000));
    expect(requeued).toBeGreaterThanOrEqual(1);
    const job = await queue.getJob(`validation-certificate-${seeded.processId}`);
    expect(job?.name).toBe("validation.certificate");
    await m.runJob("stamping.stamp-pending", {});
    expect(await m.runJob(job!.name, job!.data)).toMatchObject({ issued: true });
    await queue.obliterate({ force: true });
    await m.reconcile(new Date(Date.now() + 61_000));
    expect(await queue.getJob(`validation-certificate-${seeded.processId}`)).toBeUndefined();
  }, 90_000);
});

describe("with a timestamp authority and a seal certificate whose issuer answers OCSP", () => {
  it.skipIf(!hasOpenssl)(
    "seals the certificate as the shipments' files are: PAdES B-LTA, valid in pdfsig",
    async () => {
      const seeded = await completedProcess({ firstName: "Teresa", lastName: "Duradera", identNumber: "55667788C" });
      await m.runJob("stamping.stamp-pending", {});
      const sealing = await startSealingPki();
      try {
        // env() is read once per module load: the jobs again, under the sealing settings.
        vi.resetModules();
        const { runJob } = await import("@/workers/registry");
        const outcome = (await runJob("validation.certificate", { processId: seeded.processId })) as {
          issued: boolean;
          certificateHexId: string;
        };
        expect(outcome.issued).toBe(true);
        const row = await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } });
        const file = await staffDownload(adminA, seeded.processHexId);
        expect(file.status).toBe(200);
        const text = Buffer.from(file.bytes).toString("latin1");
        expect(text).toContain("/DSS");
        expect(text).toContain("/DocTimeStamp");
        const verdict = await pdfsig(await tempFile(file.bytes, "duradero.pdf"));
        // The seal, then the archival document timestamp (which pdfsig lists without verifying it).
        expect(verdict.match(/Signature #\d/g)).toHaveLength(2);
        expect(verdict.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(1);
        expect(verdict).toContain(`SelloValidacion_${row.certificateHexId}`);
        expect(verdict).toContain(`SelloTiempoValidacion_${row.certificateHexId}`);
      } finally {
        await sealing.stop();
      }
    },
    120_000,
  );
});
