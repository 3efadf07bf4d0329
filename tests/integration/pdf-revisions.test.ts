import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { analyseRevisions } from "@/lib/pdf/revision-analysis";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { hasOpenssl, startSealingPki } from "../support/openssl-pki";
import { createSentShipment, signStep } from "../support/signing";

/**
 * The revision invariant on the files the product delivers, made through the real job path (signStep per signer,
 * then the signing.seal-document job): after each signer's signature, later revisions may only add signatures,
 * the seal, DSS data and document timestamps, the changes strict validators (pyHanko, EU DSS) accept
 * (lib/pdf/revision-analysis.ts, tools/pyhanko/FINDINGS.md). A revision that adds pages or catalog keys after a
 * signer signed makes that signature INVALID there, even though pdfsig, which only checks the signed bytes, still
 * calls it valid; so both are checked.
 */

const run = promisify(execFile);
const hasPdfsig = await run("sh", ["-c", "command -v pdfsig"]).then(
  () => true,
  () => false,
);

let org: TestOrganization;
let workDir: string;

beforeAll(async () => {
  org = await createTestOrganization();
  workDir = await mkdtemp(path.join(tmpdir(), "rubrica-pdf-revisions-"));
});

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Every signature's level: signers' at most FORM_FILLING, the seal's and timestamp's at most LTA_UPDATES. */
async function expectRevisionInvariant(bytes: Uint8Array, what: string, expectedFields: string[]): Promise<void> {
  // RUBRICA_PDF_DUMP=dir keeps each checked file, for an outside validator (tools/pyhanko/README.md).
  const dump = process.env.RUBRICA_PDF_DUMP;
  if (dump) {
    await mkdir(dump, { recursive: true });
    await writeFile(path.join(dump, `${expectedFields[0]}-${what.replace(/[^\w.-]+/g, "_")}.pdf`), bytes);
  }
  const reports = await analyseRevisions(bytes);
  // The reasons first, so a failure says what broke the invariant.
  expect(
    reports.filter((report) => report.level === "OTHER").map((report) => `${report.field}: ${report.problems.join(" | ")}`),
    `${what}: signatures that strict validators reject`,
  ).toEqual([]);
  expect(reports.map((report) => report.field).sort(), `${what}: signature fields`).toEqual([...expectedFields].sort());
  for (const report of reports) {
    const allowed = report.field.startsWith("Firma_") ? ["FORM_FILLING", "LTA_UPDATES", "NONE"] : ["LTA_UPDATES", "NONE"];
    expect(allowed, `${what}: ${report.field} (${report.kind}, revision ${report.revision})`).toContain(report.level);
  }
  if (!hasPdfsig) return;
  // pdfsig checks the bytes each /Sig covers; it cannot check a /DocTimeStamp ("Unimplemented Feature").
  const file = path.join(workDir, `${what.replace(/\W+/g, "-")}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await run("pdfsig", ["-nocert", file]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  const signatures = reports.filter((report) => report.kind === "signature").length;
  expect(stdout.match(/Signature Validation: Signature is Valid\./g) ?? [], `${what}: pdfsig\n${stdout}`).toHaveLength(signatures);
}

/** The delivered files of a sealed shipment: every signed document file, and the audit certificate when stored apart. */
async function expectDeliveredFilesValid(
  documentId: number,
  documentHexId: string,
  signerFields: string[],
  options: { timestamp: boolean },
): Promise<void> {
  const sealFields = [`Sello_${documentHexId}`, ...(options.timestamp ? [`SelloTiempo_${documentHexId}`] : [])];
  const files = await db.documentFile.findMany({ where: { documentId }, orderBy: { id: "asc" } });
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    expect(file.signedStorageKey, `${file.fileName} was sealed`).toBeTruthy();
    await expectRevisionInvariant(await storage().get(file.signedStorageKey!), `document ${file.fileName}`, [
      ...signerFields,
      ...sealFields,
    ]);
  }
  // The audit certificate, a sealed PDF of its own: only the organisation's seal (and timestamp) on it.
  const row = await db.document.findUniqueOrThrow({ where: { id: documentId } });
  expect(row.certificateStorageKey, "the sealed shipment stores its audit certificate").toBeTruthy();
  const certificate = await storage().get(row.certificateStorageKey!);
  const reports = await analyseRevisions(certificate);
  expect(reports.length, "the audit certificate is sealed").toBeGreaterThan(0);
  await expectRevisionInvariant(
    certificate,
    "audit certificate",
    reports.map((report) => report.field),
  );
  expect(reports.every((report) => !report.field.startsWith("Firma_"))).toBe(true);
}

describe("the files the seal job delivers keep every signature valid (no TSA: PAdES B-B)", () => {
  let runJob: typeof import("@/workers/registry").runJob;

  beforeAll(async () => {
    ({ runJob } = await import("@/workers/registry"));
  });

  it("one signer", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    expect((await signStep(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
    expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
    await expectDeliveredFilesValid(document.id, document.hexId, [`Firma_${signers[0]!.hexId}`], { timestamp: false });
  });

  // All three in one order, so they may sign in any order; each signs its own revision after the ones before.
  for (const signingOrder of [
    [0, 1, 2],
    [2, 0, 1],
  ]) {
    it(`three signers completing in the order ${signingOrder.map((index) => index + 1).join(", ")}`, async () => {
      const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}, {}], steps: ["SIGNATURE"] });
      for (const index of signingOrder) {
        const response = await signStep(signers[index]!.hexId, signers[index]!.secret!);
        expect(response.status).toBe(200);
        expect(response.body.finished).toBe(true);
      }
      expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("COMPLETED");
      expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
      await expectDeliveredFilesValid(
        document.id,
        document.hexId,
        signers.map((signer) => `Firma_${signer.hexId}`),
        { timestamp: false },
      );
    });
  }
});

describe("the files the seal job delivers keep every signature valid (TSA and OCSP: PAdES B-LTA)", () => {
  let sealing: Awaited<ReturnType<typeof startSealingPki>> | undefined;
  let runJob: typeof import("@/workers/registry").runJob;

  beforeAll(async () => {
    if (!hasOpenssl) return;
    sealing = await startSealingPki();
    // env() is read once per module load: load the jobs under this block's signing settings.
    vi.resetModules();
    ({ runJob } = await import("@/workers/registry"));
  }, 60_000);

  afterAll(async () => {
    await sealing?.stop();
    vi.resetModules();
  });

  it.skipIf(!hasOpenssl)("two signers, the seal, DSS, the archival timestamp and its DSS (needs the openssl command line)", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
    await signStep(signers[1]!.hexId, signers[1]!.secret!);
    expect((await signStep(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
    expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
    await expectDeliveredFilesValid(
      document.id,
      document.hexId,
      signers.map((signer) => `Firma_${signer.hexId}`),
      { timestamp: true },
    );
  });
});
