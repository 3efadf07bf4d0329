import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { deleteSealCertificate, setSealCertificate } from "@/lib/organizations/seal-certificate";
import { encryptSecret } from "@/lib/security/encryption";
import { storage } from "@/lib/storage";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { hasOpenssl, OpensslPki } from "../support/openssl-pki";
import { SealPkcs12Files } from "../support/organization-pki";
import { createSentShipment, signStep } from "../support/signing";

/**
 * Through the real jobs: a shipment of an organisation with its own seal certificate (/info-organization) is
 * sealed by it, both its files and its audit certificate, while another organisation's shipment is sealed by
 * the platform's (PDF_SIGNING_P12_*). A file sealed before the certificate changes keeps its seal.
 */

const hasPdfsig = spawnSync("pdfsig", ["-v"]).status === 0;
const needs = "needs the openssl and pdfsig command lines";

let pki: OpensslPki;
let orgA: TestOrganization;
let orgB: TestOrganization;
let contextA: AuthContext;
let runJob: typeof import("@/workers/registry").runJob;
let workDir: string;

beforeAll(async () => {
  if (!hasOpenssl) return;
  workDir = mkdtempSync(join(tmpdir(), "rubrica-org-seal-"));
  pki = new OpensslPki();
  const platform = pki.pkcs12("/C=ES/O=Plataforma Pruebas/CN=Plataforma Pruebas Sello", "clave-plataforma");
  // env() is read once per module load: load the jobs under this file's signing settings.
  vi.stubEnv("PDF_SIGNING_P12_PATH", platform.path);
  vi.stubEnv("PDF_SIGNING_P12_PASSWORD", "clave-plataforma");
  vi.stubEnv("PDF_SIGNING_TSA_URL", "");
  vi.resetModules();
  ({ runJob } = await import("@/workers/registry"));
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const admin = await createTestUser(orgA);
  contextA = {
    userId: admin.id,
    organizationId: orgA.organization.id,
    organizationHexId: orgA.organization.hexId,
  } as AuthContext;
  const own = pki.pkcs12("/C=ES/O=Notaria Sello Propio/CN=Notaria Sello Propio", "clave-organizacion");
  await setSealCertificate(contextA, new Uint8Array(readFileSync(own.path)), "clave-organizacion", "203.0.113.30");
}, 60_000);

afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  pki?.remove();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** pdfsig's report, one entry per signature: its field name, signer's common name and verdict. */
function pdfsig(bytes: Uint8Array, name: string): { field: string; signer: string; valid: boolean }[] {
  const file = join(workDir, name);
  writeFileSync(file, bytes);
  const out = spawnSync("pdfsig", ["-nocert", file], { encoding: "utf8" }).stdout;
  return out
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      field: /Signature Field Name: (.*)$/m.exec(block)?.[1]?.trim() ?? "",
      signer: /Signer Certificate Common Name: (.*)$/m.exec(block)?.[1]?.trim() ?? "",
      valid: block.includes("Signature Validation: Signature is Valid."),
    }));
}

/** A one-signer shipment, signed and then sealed by the seal job: its sealed file and its audit certificate. */
async function sealedShipment(org: TestOrganization) {
  const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
  expect((await signStep(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
  expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
  const file = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
  const sealed = await db.document.findUniqueOrThrow({ where: { id: document.id } });
  return {
    hexId: document.hexId,
    file: await storage().get(file.signedStorageKey!),
    certificate: await storage().get(sealed.certificateStorageKey!),
  };
}

describe("the seal of an organisation with its own certificate", () => {
  let first: Awaited<ReturnType<typeof sealedShipment>>;

  it.skipIf(!hasOpenssl || !hasPdfsig)(`seals its files and audit certificate with it (${needs})`, async () => {
    first = await sealedShipment(orgA);
    const file = pdfsig(first.file, "a-file.pdf");
    expect(file.find((s) => s.field === `Sello_${first.hexId}`)).toEqual({
      field: `Sello_${first.hexId}`,
      signer: "Notaria Sello Propio",
      valid: true,
    });
    expect(file.every((s) => s.valid)).toBe(true);
    const certificate = pdfsig(first.certificate, "a-certificate.pdf");
    expect(certificate).toEqual([{ field: `SelloCertificado_${first.hexId}`, signer: "Notaria Sello Propio", valid: true }]);
  });

  it.skipIf(!hasOpenssl || !hasPdfsig)(`leaves another organisation on the platform's certificate (${needs})`, async () => {
    const other = await sealedShipment(orgB);
    expect(pdfsig(other.file, "b-file.pdf").find((s) => s.field === `Sello_${other.hexId}`)).toMatchObject({
      signer: "Plataforma Pruebas Sello",
      valid: true,
    });
    expect(pdfsig(other.certificate, "b-certificate.pdf")).toEqual([
      { field: `SelloCertificado_${other.hexId}`, signer: "Plataforma Pruebas Sello", valid: true },
    ]);
  });

  it.skipIf(!hasOpenssl || !hasPdfsig)(
    `once removed, later shipments get the platform's seal and earlier ones keep theirs (${needs})`,
    async () => {
      await deleteSealCertificate(contextA, "203.0.113.30");
      const later = await sealedShipment(orgA);
      expect(pdfsig(later.file, "a-later.pdf").find((s) => s.field === `Sello_${later.hexId}`)?.signer).toBe("Plataforma Pruebas Sello");
      const document = await db.document.findUniqueOrThrow({ where: { hexId: first.hexId }, include: { files: true } });
      const kept = await storage().get(document.files[0]!.signedStorageKey!);
      expect(Buffer.from(kept).equals(Buffer.from(first.file))).toBe(true);
      expect(pdfsig(kept, "a-kept.pdf").find((s) => s.field === `Sello_${first.hexId}`)).toMatchObject({
        signer: "Notaria Sello Propio",
        valid: true,
      });
    },
  );

  it.skipIf(!hasOpenssl || !hasPdfsig)(
    `falls back to the platform's when the organisation's certificate has expired since its upload (${needs})`,
    async () => {
      const files = new SealPkcs12Files();
      try {
        // Stored as an upload would have stored it while it was valid; the upload itself refuses an expired one.
        const bytes = files.dated("/CN=Sello Caducado Org", "clave", "20200101000000Z", "20210101000000Z");
        await db.organizationSealCertificate.create({
          data: {
            organizationId: orgA.organization.id,
            encryptedPkcs12: encryptSecret(Buffer.from(bytes).toString("base64")),
            encryptedPassword: encryptSecret("clave"),
            subject: "CN=Sello Caducado Org",
            issuer: "CN=Sello Caducado Org",
            serialNumber: "1000",
            notBefore: new Date("2020-01-01T00:00:00Z"),
            notAfter: new Date("2021-01-01T00:00:00Z"),
            fingerprint: "0".repeat(64),
          },
        });
        const shipment = await sealedShipment(orgA);
        expect(pdfsig(shipment.file, "a-expired.pdf").find((s) => s.field === `Sello_${shipment.hexId}`)?.signer).toBe(
          "Plataforma Pruebas Sello",
        );
      } finally {
        files.remove();
      }
    },
  );
});
