import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { sealDocument } from "@/lib/sealing/sign-files";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { createSentShipment, signStep } from "../support/signing";
import { qrCodes } from "../support/pdf-qr";

const run = promisify(execFile);

let org: TestOrganization;

beforeAll(async () => {
  org = await createTestOrganization();
});

afterAll(async () => {
  await closeProducers();
});

const sign = signStep;

async function tempFile(bytes: Uint8Array, name = "sealed.pdf"): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "audit-cert-"));
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();

/** pdfsig's verdict lines (it exits non-zero on some valid files: read its output whatever the status). */
async function pdfsig(file: string): Promise<string> {
  const { stdout } = await run("pdfsig", ["-nocert", file]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return stdout;
}

/** A signature field's /ContactInfo, as readers show it next to the signature. */
async function contactInfo(bytes: Uint8Array, fieldName: string): Promise<string | null> {
  const form = (await PDFDocument.load(bytes, { updateMetadata: false })).getForm();
  const field = form.getFields().find((candidate) => candidate.getName() === fieldName);
  const value = field?.acroField.dict.lookup(PDFName.of("V"));
  const info = value instanceof PDFDict ? value.lookup(PDFName.of("ContactInfo")) : undefined;
  return info instanceof PDFString || info instanceof PDFHexString ? info.decodeText() : null;
}

describe("the audit certificate, a sealed PDF of its own delivered with the signed files", () => {
  it("states the shipment, the original and sealed files' SHA-256, signers, evidence and audit trail; the signed file gains no page", async () => {
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
    // The signed document is the uploaded one plus signatures: not a page more.
    expect(await pageCount(sealed)).toBe(originalPages);
    expect(Buffer.from(sealed).toString("latin1")).not.toContain("RubricaAuditCertificate");

    const row = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(row.certificateStorageKey).toBeTruthy();
    const certificateBytes = await storage().get(row.certificateStorageKey!);
    expect(createHash("sha256").update(certificateBytes).digest("hex")).toBe(row.certificateSha256);
    const certificateFile = await tempFile(certificateBytes, "certificado.pdf");
    const { stdout: text } = await run("pdftotext", ["-layout", certificateFile, "-"]);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Certificado de auditoría");
    expect(flat).toContain(title);
    expect(flat).toContain(document.hexId);
    expect(flat).toContain(original.sha256);
    // The delivered file, by the hash anyone can compute of it.
    expect(flat).toContain(sealedFile.signedSha256!);
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
    const sealedEvent = await db.auditEvent.findFirstOrThrow({ where: { documentId: document.id, type: "document.sealed" } });
    expect(sealedEvent.payload).toMatchObject({ files: [sealedFile.signedSha256], certificate: row.certificateSha256 });

    // Every signature valid: the two signers' and the seal in the document, the seal of the certificate.
    const file = await tempFile(sealed);
    const verdict = await pdfsig(file);
    expect(verdict.match(/Signature #\d/g)).toHaveLength(3);
    expect(verdict.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(3);
    const certificateVerdict = await pdfsig(certificateFile);
    expect(certificateVerdict.match(/Signature #\d/g)).toHaveLength(1);
    expect(certificateVerdict).toContain("Signature Validation: Signature is Valid.");
    // Both seals say where the shipment is verified.
    const validationUrl = `${env().APP_BASE_URL.replace(/\/+$/, "")}/validateDocs/${document.hexId}`;
    expect(await contactInfo(sealed, `Sello_${document.hexId}`)).toBe(validationUrl);
    expect(await contactInfo(certificateBytes, `SelloCertificado_${document.hexId}`)).toBe(validationUrl);

    // The QR code, the image embedded in the first certificate page (pdfimages extracts it as drawn),
    // leads to the public validation page.
    expect((await qrCodes(certificateFile))[0]).toBe(validationUrl);
  });

  it("seals once: a re-run of a sealed shipment keeps the files and the certificate it has", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    expect((await sign(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
    expect(await sealDocument({ documentId: document.id })).toEqual({ sealed: 1 });
    const sealed = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    const row = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(await sealDocument({ documentId: document.id })).toEqual({ sealed: 0 });
    expect((await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } })).signedStorageKey).toBe(sealed.signedStorageKey);
    const again = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect([again.certificateStorageKey, again.certificateSha256]).toEqual([row.certificateStorageKey, row.certificateSha256]);
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "document.sealed" } })).toBe(1);
  });
});
