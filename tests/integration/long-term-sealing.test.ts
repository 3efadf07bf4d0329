import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { pdfSignatures } from "@/lib/documents/public-validation";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { hasOpenssl, type OpensslPki, startSealingPki } from "../support/openssl-pki";
import { createSentShipment, signStep } from "../support/signing";

/**
 * The seal job with a timestamp authority and a certificate whose issuer runs an OCSP responder: the sealed
 * file is PAdES B-LTA (validation data + archival timestamp). A responder that is down holds the seal back,
 * with nothing stored, and the retried job finishes it once the responder answers.
 */

const hasPdfsig = spawnSync("pdfsig", ["-v"]).status === 0;
const needs = "needs the openssl command line";

let sealing: Awaited<ReturnType<typeof startSealingPki>> | undefined;
let ocsp: Awaited<ReturnType<OpensslPki["startOcsp"]>>;
let org: TestOrganization;
let runJob: typeof import("@/workers/registry").runJob;
let workDir: string;

beforeAll(async () => {
  if (!hasOpenssl) return;
  workDir = mkdtempSync(join(tmpdir(), "rubrica-lt-sealing-"));
  sealing = await startSealingPki();
  ({ ocsp } = sealing);
  // env() is read once per module load: load the jobs under this file's signing settings.
  vi.resetModules();
  ({ runJob } = await import("@/workers/registry"));
  org = await createTestOrganization();
}, 60_000);

afterAll(async () => {
  await sealing?.stop();
  vi.resetModules();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("sealing a completed shipment with long-term validation", () => {
  it.skipIf(!hasOpenssl)(`waits for an OCSP responder that is down, then seals the file as PAdES B-LTA (${needs})`, async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    expect((await signStep(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);

    ocsp.pause();
    await expect(runJob("signing.seal-document", { documentId: document.id })).rejects.toThrow(/revocation data unavailable/);
    const held = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    expect(held.signedStorageKey).toBeNull();
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).sealedAt).toBeNull();
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "document.sealed" } })).toBe(0);

    ocsp.resume();
    expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
    const file = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    const bytes = await storage().get(file.signedStorageKey!);
    const text = Buffer.from(bytes).toString("latin1");
    expect(text).toContain("/DSS");
    expect(text).toContain("/OCSPs");
    expect(text).toContain("/DocTimeStamp");
    // The signer's signature, the seal, then the archival timestamp, in that order.
    const signatures = await pdfSignatures(bytes);
    expect(signatures.map((signature) => [signature.field, signature.kind])).toEqual([
      [`Firma_${signers[0]!.hexId}`, "signature"],
      [`Sello_${document.hexId}`, "signature"],
      [`SelloTiempo_${document.hexId}`, "timestamp"],
    ]);
    // The public page names the timestamp's authority and time, read from its token.
    expect(signatures[2]!.name).toBe("Rubrica Pruebas TSA");
    expect(Math.abs(signatures[2]!.signedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    if (!hasPdfsig) return;
    const pdfFile = join(workDir, "sealed.pdf");
    writeFileSync(pdfFile, bytes);
    const verdict = spawnSync("pdfsig", ["-nocert", pdfFile], { encoding: "utf8" }).stdout;
    expect(verdict.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(2);
    expect(verdict).toContain(`SelloTiempo_${document.hexId}`);
  });
});
