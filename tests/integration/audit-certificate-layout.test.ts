import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { renderAuditCertificate, type AuditCertificateData } from "@/lib/pdf/audit-certificate";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { randomHex } from "@/lib/security/random";
import { signerFieldName } from "@/lib/sealing/sign-files";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { createSentShipment, signStep } from "../support/signing";

// Issue 16, point 18: the audit certificate cut a row across a page break (a hash without its label),
// said "Pendiente" for ID photos and drawn signatures of a sealed shipment, and the visible handwritten
// signatures carried neither name nor date.

const run = promisify(execFile);

let org: TestOrganization;

beforeAll(async () => {
  org = await createTestOrganization();
  await db.configValue.create({ data: { organizationId: org.organization.id, name: "organization_tz", value: "Europe/Madrid" } });
});

afterAll(async () => {
  await closeProducers();
});

async function pagesOf(pdf: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "cert-layout-"));
  const file = path.join(dir, "certificate.pdf");
  await writeFile(file, pdf);
  const { stdout } = await run("pdftotext", ["-layout", file, "-"], { maxBuffer: 32 * 1024 * 1024 });
  return stdout.split("\f").map((page) => page.replace(/\s+/g, " "));
}

const pageOf = (pages: string[], text: string) => pages.findIndex((page) => page.includes(text));

/** A certificate whose evidence rows are two lines high (hash, then stamp transaction), as many as `count`. */
function certificateData(count: number): AuditCertificateData {
  const at = new Date("2026-11-25T10:00:00Z");
  return {
    locale: "es-es",
    timezone: "Europe/Madrid",
    organization: "Notaría de prueba",
    title: "Contrato de arrendamiento",
    hexId: randomHex(16),
    files: [{ fileName: "contrato.pdf", sha256: randomHex(32), signedSha256: randomHex(32) }],
    signers: [0, 1].map((index) => ({
      name: `Firmante ${index} Prueba`,
      email: `${"ab"[index]}firmante-${randomHex(4)}@example.test`,
      status: "COMPLETED",
      signedAt: at,
      rejectedAt: null,
      rejectionReason: null,
      ip: "203.0.113.10",
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148",
      location: null,
      evidences: Array.from({ length: count }, () => ({
        kind: "SELFIE",
        sha256: randomHex(32),
        check: "VERIFIED" as const,
        ethTrxid: `0x${randomHex(32)}`,
      })),
    })),
    events: Array.from({ length: count }, (_, index) => ({
      sequence: index + 1,
      type: `signer.step-${String(index).padStart(3, "0")}`,
      createdAt: new Date(at.getTime() + index * 1000),
      hash: randomHex(32),
    })),
  };
}

describe("the audit certificate's layout", () => {
  it("never cuts a row across a page break: each hash stays on the page of its label and its other lines", async () => {
    // Page breaks fall in different places for different lengths; none may fall inside a row.
    for (const count of [14, 17, 20, 23, 26, 29, 32]) {
      const data = certificateData(count);
      const pages = await pagesOf(await renderAuditCertificate(data));
      expect(pages.filter((page) => page.trim()).length).toBeGreaterThan(1);
      for (const signer of data.signers) {
        expect(pageOf(pages, signer.name), `${count}: ${signer.name}`).toBe(pageOf(pages, `${signer.email!.slice(0, 1)}***@example.test`));
        for (const evidence of signer.evidences) {
          const page = pageOf(pages, evidence.sha256);
          expect(page, `${count}: evidence ${evidence.sha256}`).toBeGreaterThanOrEqual(0);
          expect(pageOf(pages, evidence.ethTrxid!), `${count}: its stamp transaction`).toBe(page);
        }
      }
      for (const event of data.events) {
        const page = pageOf(pages, event.hash);
        expect(page, `${count}: event ${event.sequence}`).toBeGreaterThanOrEqual(0);
        expect(pageOf(pages, event.type), `${count}: event ${event.sequence}'s type`).toBe(page);
      }
    }
  });
});

describe("a sealed shipment's certificate and signatures", () => {
  it("says what was checked for a drawn signature, gives times in the organisation's zone, and puts name and date under the visible signature", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    const signer = signers[0]!;
    expect((await signStep(signer.hexId, signer.secret!)).body.finished).toBe(true);
    expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
    const file = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    const sealed = await storage().get(file.signedStorageKey!);

    const { certificateStorageKey } = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    const certificate = (await pagesOf(await storage().get(certificateStorageKey!))).join(" ");
    expect(certificate).toContain("Certificado de auditoría");
    expect(certificate).toContain("Firma manuscrita");
    expect(certificate).toContain("Trazo comprobado (no está en blanco)");
    expect(certificate).not.toContain("Pendiente");
    expect(certificate).toContain("(Europe/Madrid, GMT+1)");

    // The visible signature's appearance: the drawing, and under it the signer's name and the date with its zone.
    const pdf = await PDFDocument.load(sealed, { updateMetadata: false });
    const field = pdf
      .getForm()
      .getFields()
      .find((f) => f.getName() === signerFieldName(signer.hexId));
    expect(field).toBeDefined();
    const appearance = field!.acroField.dict.lookup(PDFName.of("AP"), PDFDict).lookup(PDFName.of("N"));
    expect(appearance).toBeInstanceOf(PDFRawStream);
    const content = Buffer.from((appearance as PDFRawStream).getContents()).toString("latin1");
    const printed = [...content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => Buffer.from(m[1]!, "hex").toString("latin1")).join(" | ");
    const stored = await db.signer.findUniqueOrThrow({ where: { id: signer.id } });
    expect(printed).toContain(`${stored.firstName} ${stored.lastName}`);
    const madrid = new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", hour: "numeric", minute: "2-digit", hourCycle: "h23" });
    expect(printed).toContain(`${madrid.format(stored.signedAt!)} (Europe/Madrid, GMT+1)`);
  });
});
