import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument } from "@cantoo/pdf-lib";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/config/env";
import { db, type Tx } from "@/lib/db/client";
import { appendAuditCertificate, hasAuditCertificate, loadAuditCertificateData, renderAuditCertificate } from "@/lib/pdf/audit-certificate";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/lib/queue/jobs";
import { sealDocument } from "@/lib/signing/sign-files";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { createSentShipment, signStep } from "../support/signing";

const run = promisify(execFile);

let org: TestOrganization;

beforeAll(async () => {
  org = await createTestOrganization();
});

afterAll(async () => {
  await closeProducers();
});

const sign = signStep;

async function tempFile(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "audit-cert-"));
  const file = path.join(dir, "sealed.pdf");
  await writeFile(file, bytes);
  return file;
}

const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();

describe("the audit certificate appended before the seal", () => {
  it("adds pages stating the shipment, signers, evidence and audit trail, keeps every signature valid, and a QR to the validation page", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
    const title = `Contrato de arrendamiento Peñalén ${document.hexId.slice(0, 6)}`;
    await db.document.update({ where: { id: document.id }, data: { title } });
    await db.signer.update({ where: { id: signers[0]!.id }, data: { firstName: "María José", lastName: "Núñez Ibáñez" } });
    await db.location.create({
      data: {
        processType: "ENVIO",
        signerId: signers[0]!.id,
        timestamp: new Date(),
        latitude: 40.4168,
        longitude: -3.7038,
        displayName: "Plaza Mayor, Madrid, España",
      },
    });
    for (const signer of signers) expect((await sign(signer.hexId, signer.secret!)).body.finished).toBe(true);
    const original = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    const originalPages = await pageCount(await storage().get(original.storageKey));

    expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
    const sealedFile = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    const sealed = await storage().get(sealedFile.signedStorageKey!);
    expect(await pageCount(sealed)).toBeGreaterThan(originalPages);

    const file = await tempFile(sealed);
    const firstCertPage = originalPages + 1;
    const { stdout: text } = await run("pdftotext", ["-f", String(firstCertPage), "-layout", file, "-"]);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Certificado de auditoría");
    expect(flat).toContain(title);
    expect(flat).toContain(document.hexId);
    expect(flat).toContain(original.sha256);
    expect(flat).toContain("María José Núñez Ibáñez");
    expect(flat).toContain(`${signers[1]!.firstName} ${signers[1]!.lastName}`);
    expect(flat).toContain("Plaza Mayor, Madrid, España");
    // The e-mail only partly: the domain and the first letter.
    expect(flat).not.toContain(signers[0]!.email!);
    expect(flat).toContain(`${signers[0]!.email!.slice(0, 1)}***@example.test`);
    const evidences = await db.evidence.findMany({ where: { signerId: { in: signers.map((s) => s.id) } } });
    expect(evidences.length).toBeGreaterThanOrEqual(2);
    for (const evidence of evidences) expect(flat).toContain(evidence.sha256);
    // The trail as it stood when the certificate was made: everything before the seal's own event.
    const events = await db.auditEvent.findMany({ where: { documentId: document.id, type: { not: "document.sealed" } } });
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(flat).toContain(event.hash);

    // Every signature still valid: the signers' (made before the pages were added) and the seal.
    const { stdout: verdict } = await run("pdfsig", ["-nocert", file]).catch((error: { stdout?: string }) => ({
      stdout: error.stdout ?? "",
    }));
    expect(verdict.match(/Signature #\d/g)).toHaveLength(3);
    expect(verdict.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(3);

    // The QR code, the image embedded in the first certificate page (pdfimages extracts it as drawn),
    // leads to the public validation page.
    const prefix = path.join(path.dirname(file), "qr");
    await run("pdfimages", ["-f", String(firstCertPage), "-l", String(firstCertPage), "-png", file, prefix]);
    const images = (await readdir(path.dirname(file))).filter((name) => name.startsWith("qr-") && name.endsWith(".png"));
    const decoded = await Promise.all(
      images.map(async (name) => {
        const { data, info } = await sharp(await readFile(path.join(path.dirname(file), name)))
          .flatten({ background: "#ffffff" })
          .extend({ top: 16, bottom: 16, left: 16, right: 16, background: "#ffffff" })
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
      }),
    );
    const qr = { data: decoded.find(Boolean) };
    expect(qr?.data).toBe(`${env().APP_BASE_URL.replace(/\/+$/, "")}/validateDocs/${document.hexId}`);
  });

  it("appends one certificate even when sealing runs again over a working file that already carries it", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    expect((await sign(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
    expect(await runJob("signing.sign-signer", { signerId: signers[0]!.id })).toEqual({ signed: 1 });
    const file = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    const working = await storage().get(file.workingStorageKey!);
    const certificate = await renderAuditCertificate(await loadAuditCertificateData(db as unknown as Tx, document.id));
    const certificatePages = await pageCount(certificate);

    // A sealing run that crashed after putting the certificate in the working file, before the seal was recorded.
    const withCertificate = await appendAuditCertificate(working, certificate);
    expect(await hasAuditCertificate(withCertificate)).toBe(true);
    expect(await appendAuditCertificate(withCertificate, certificate)).toBe(withCertificate);
    const stored = await storage().put(withCertificate);
    await db.documentFile.update({ where: { id: file.id }, data: { workingStorageKey: stored.key, workingSha256: stored.sha256 } });

    expect(await sealDocument({ documentId: document.id })).toEqual({ sealed: 1 });
    const sealed = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    expect(await pageCount(await storage().get(sealed.signedStorageKey!))).toBe((await pageCount(working)) + certificatePages);
    // And a re-run of a sealed shipment changes nothing.
    expect(await sealDocument({ documentId: document.id })).toEqual({ sealed: 0 });
    expect((await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } })).signedStorageKey).toBe(sealed.signedStorageKey);
  });
});
