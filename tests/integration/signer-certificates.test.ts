import { spawnSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import * as pkijs from "pkijs";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { hasOpenssl, type OpensslPki, startSealingPki } from "../support/openssl-pki";
import { createSentShipment, signStep } from "../support/signing";
import { sendRequest } from "../support/http";

/**
 * Issue 15: each signer's signature names the signer. The signers' certificates come from the organisation's signing
 * CA (certified by the platform's signer CA), one per signature; the seal keeps the organisation's certificate.
 * Through the real jobs with a TSA and an OCSP responder on loopback (long-term mode): pdfsig names each signer on
 * their signature, the certificates carry the identification, and the DSS holds our CAs' CRLs.
 */

const hasPdfsig = spawnSync("pdfsig", ["-v"]).status === 0;
const needs = "needs the openssl command line";
const arrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
const pem = (der: Uint8Array) => `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString("base64")}\n-----END CERTIFICATE-----\n`;

let sealing: Awaited<ReturnType<typeof startSealingPki>> | undefined;
let pki: OpensslPki;
let tsa: Awaited<ReturnType<OpensslPki["startTsa"]>>;
let org: TestOrganization;
let workDir: string;
let runJob: typeof import("@/workers/registry").runJob;
let authorities: typeof import("@/lib/pdf/signing-authority");
let signerCa: typeof import("@/lib/pdf/signer-ca");
let addLongTermValidation: typeof import("@/lib/pdf/long-term").addLongTermValidation;
let crlRoute: typeof import("@/app/api/pki/[file]/route").GET;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), "rubrica-signer-certs-"));
  if (hasOpenssl) {
    sealing = await startSealingPki();
    ({ pki, tsa } = sealing);
  }
  // env() is read once per module load; the signer CA is kept per module (in memory under test): one load for all.
  vi.resetModules();
  ({ runJob } = await import("@/workers/registry"));
  authorities = await import("@/lib/pdf/signing-authority");
  signerCa = await import("@/lib/pdf/signer-ca");
  ({ addLongTermValidation } = await import("@/lib/pdf/long-term"));
  ({ GET: crlRoute } = await import("@/app/api/pki/[file]/route"));
  org = await createTestOrganization();
}, 60_000);

afterAll(async () => {
  await sealing?.stop();
  vi.resetModules();
  rmSync(workDir, { recursive: true, force: true });
});

/** Every signature and document timestamp of a file, in file order: its /ByteRange, its CMS and the certificates in it. */
function signaturesIn(bytes: Uint8Array) {
  const text = Buffer.from(bytes).toString("latin1");
  return [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map((match) => {
    const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
    const contents = new Uint8Array(Buffer.from(text.slice(a + b + 1, c - 1), "hex"));
    const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(arrayBuffer(contents)).content });
    const certificates = (signedData.certificates ?? []).map((cert) => new Uint8Array((cert as pkijs.Certificate).toSchema().toBER()));
    const sid = signedData.signerInfos[0]!.sid as pkijs.IssuerAndSerialNumber;
    const signer = certificates.find((der) => {
      const parsed = pkijs.Certificate.fromBER(arrayBuffer(der));
      return parsed.serialNumber.isEqual(sid.serialNumber) && parsed.issuer.isEqual(sid.issuer);
    })!;
    return { byteRange: [a, b, c, d], at: match.index, contents, certificates, signer: new X509Certificate(signer) };
  });
}

/** pdfsig's report per signature: field, validation and the signer certificate's common name. */
function pdfsig(bytes: Uint8Array): { field: string; validation: string; commonName: string }[] {
  const file = join(workDir, `check-${Date.now()}-${Math.random().toString(16).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const { stdout } = spawnSync("pdfsig", ["-nocert", file], { encoding: "utf8" });
  return stdout
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      field: /Signature Field Name: (.*)/.exec(block)?.[1] ?? "",
      validation: /Signature Validation: (.*)/.exec(block)?.[1] ?? "",
      commonName: /Signer Certificate Common Name: (.*)/.exec(block)?.[1] ?? "",
    }));
}

/** The DSS of a PDF: the DER of every stream in /Certs, /OCSPs and /CRLs, and the keys of /VRI. */
async function dssOf(bytes: Uint8Array) {
  const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const dss = document.catalog.lookupMaybe(PDFName.of("DSS"), PDFDict);
  if (!dss) return null;
  const streams = (key: string) =>
    (dss.lookupMaybe(PDFName.of(key), PDFArray)?.asArray() ?? []).map((ref) => {
      const stream = document.context.lookup(ref) as PDFRawStream;
      return new Uint8Array(decodePDFRawStream(stream).decode());
    });
  const vri = dss.lookupMaybe(PDFName.of("VRI"), PDFDict);
  return {
    certs: streams("Certs"),
    ocsps: streams("OCSPs"),
    crls: streams("CRLs"),
    vri: vri ? vri.keys().map((key) => key.decodeText()) : [],
  };
}

describe("each signer's signature names the signer", () => {
  let bytes: Uint8Array;
  let documentHexId: string;
  let signerRows: { hexId: string; name: string; serial: string }[];

  beforeAll(async () => {
    if (!hasOpenssl) return;
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
    documentHexId = document.hexId;
    const people = [
      {
        firstName: "Lucía",
        lastName: "Fernández García",
        country: "ES",
        identType: "DNI",
        identNumber: "12345678Z",
        serial: "IDCES-12345678Z",
      },
      { firstName: "Jean", lastName: "Dupont", country: "FR", identType: "PASSPORT", identNumber: "12AB34567", serial: "PASFR-12AB34567" },
    ];
    signerRows = [];
    for (const [index, signer] of signers.entries()) {
      const { serial, ...data } = people[index]!;
      await db.signer.update({ where: { id: signer.id }, data });
      signerRows.push({ hexId: signer.hexId, name: `${data.firstName} ${data.lastName}`, serial });
    }
    for (const signer of signers) {
      expect((await signStep(signer.hexId, signer.secret!)).status).toBe(200);
      expect(await runJob("signing.sign-signer", { signerId: signer.id })).toEqual({ signed: 1 });
    }
    expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
    const file = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    bytes = await storage().get(file.signedStorageKey!);
  }, 120_000);

  it.skipIf(!hasOpenssl || !hasPdfsig)(
    `pdfsig finds every signature valid and names each signer on theirs, the seal on its own (${needs})`,
    () => {
      const report = pdfsig(bytes);
      const byField = new Map(report.map((entry) => [entry.field, entry]));
      for (const signer of signerRows) {
        expect(byField.get(`Firma_${signer.hexId}`)).toEqual({
          field: `Firma_${signer.hexId}`,
          validation: "Signature is Valid.",
          commonName: signer.name,
        });
      }
      expect(byField.get(`Sello_${documentHexId}`)).toMatchObject({
        validation: "Signature is Valid.",
        commonName: "Plataforma Pruebas Sello",
      });
    },
  );

  it.skipIf(!hasOpenssl)(
    `each signer's certificate carries their identification and chains through the organisation's CA to the platform's (${needs})`,
    async () => {
      const signatures = signaturesIn(bytes);
      const authority = await db.signingAuthority.findUniqueOrThrow({ where: { organizationId: org.organization.id } });
      const orgCa = new X509Certificate(authority.certificate);
      const platform = new X509Certificate((await signerCa.loadSignerCa()).certificate);
      const serials = new Set<string>();
      for (const [index, signer] of signerRows.entries()) {
        const { signer: certificate, certificates } = signatures[index]!;
        expect(certificate.subject.split("\n")).toEqual(expect.arrayContaining([`CN=${signer.name}`, `serialNumber=${signer.serial}`]));
        expect(certificate.checkIssued(orgCa) && certificate.verify(orgCa.publicKey)).toBe(true);
        expect(orgCa.checkIssued(platform) && orgCa.verify(platform.publicKey)).toBe(true);
        // The chain travels in the signature: the organisation's CA and the platform's.
        const embedded = certificates.map((der) => new X509Certificate(der).fingerprint256);
        expect(embedded).toEqual(expect.arrayContaining([orgCa.fingerprint256, platform.fingerprint256]));
        serials.add(certificate.serialNumber);
        // The audit trail records which certificate signed.
        const event = await db.auditEvent.findFirstOrThrow({
          where: { type: "signer.pdf-signed", payload: { path: ["signer"], equals: signer.hexId } },
        });
        expect((event.payload as { certificates: { serial: string; subject: string }[] }).certificates).toEqual([
          { serial: certificate.serialNumber.toUpperCase(), subject: expect.stringContaining(`serialNumber=${signer.serial}`) },
        ]);
      }
      expect(serials.size).toBe(2);
      // The seal is not a signer's: the organisation's seal certificate signs it.
      const seal = signatures.find((signature) => signature.signer.subject.includes("CN=Plataforma Pruebas Sello"));
      expect(seal).toBeDefined();
    },
  );

  it.skipIf(!hasOpenssl)(
    `the long-term data holds the CRLs of the organisation's CA and of the platform's, made locally (${needs})`,
    async () => {
      const dss = await dssOf(bytes);
      expect(dss).not.toBeNull();
      const authority = await db.signingAuthority.findUniqueOrThrow({ where: { organizationId: org.organization.id } });
      const platform = (await signerCa.loadSignerCa()).certificate;
      const cas = [authority.certificate, platform];
      const issuerOf = (der: Uint8Array) => {
        const crl = pkijs.CertificateRevocationList.fromBER(arrayBuffer(der));
        return cas.find((ca) => crl.issuer.isEqual(pkijs.Certificate.fromBER(arrayBuffer(ca)).subject));
      };
      // One CRL per CA, however many of its certificates signed.
      expect(dss!.crls).toHaveLength(2);
      expect(new Set(dss!.crls.map(issuerOf))).toEqual(new Set(cas));
      // Each verifies against its CA (openssl), lists nothing and is current.
      for (const [index, der] of dss!.crls.entries()) {
        const crlFile = join(workDir, `dss-${index}.crl`);
        const caFile = join(workDir, `dss-${index}-ca.pem`);
        writeFileSync(crlFile, der);
        writeFileSync(caFile, pem(issuerOf(der)!));
        const checked = spawnSync("openssl", ["crl", "-inform", "DER", "-in", crlFile, "-CAfile", caFile, "-noout", "-text"], {
          encoding: "utf8",
        });
        expect(`${checked.stdout}${checked.stderr}`).toContain("verify OK");
        expect(checked.stdout).toContain("No Revoked Certificates.");
      }
      // The chain is in the DSS too, and the seal's and the TSA's certificates still get their OCSP answers.
      const fingerprints = dss!.certs.map((der) => new X509Certificate(der).fingerprint256);
      expect(fingerprints).toEqual(expect.arrayContaining([new X509Certificate(authority.certificate).fingerprint256]));
      expect(dss!.ocsps.length).toBeGreaterThanOrEqual(2);
    },
  );
});

describe("the organisation's signing CA", () => {
  it("is created once when several workers ask for it at the same time", async () => {
    const other = await createTestOrganization();
    const results = await Promise.all(Array.from({ length: 4 }, () => authorities.organizationSigningAuthority(other.organization.id)));
    expect(new Set(results.map((result) => result.hexId)).size).toBe(1);
    expect(new Set(results.map((result) => Buffer.from(result.certificate).toString("hex"))).size).toBe(1);
    expect(await db.signingAuthority.count({ where: { organizationId: other.organization.id } })).toBe(1);
    // The key is stored encrypted, never in the clear.
    const row = await db.signingAuthority.findUniqueOrThrow({ where: { organizationId: other.organization.id } });
    expect(row.encryptedKey.startsWith("v1.")).toBe(true);
    expect(new X509Certificate(row.certificate).checkPrivateKey(results[0]!.privateKey)).toBe(true);
  });

  it("is certified afresh, same key and name, when the platform's signer CA changed", async () => {
    const other = await createTestOrganization();
    const first = await authorities.organizationSigningAuthority(other.organization.id);
    // As if another platform CA had certified it: a self-signed stand-in for the stored certificate.
    const { issueCertificate, publicKeyOf } = await import("@/lib/pdf/x509");
    const stale = issueCertificate({
      subject: [{ type: "2.5.4.3", value: "stale" }],
      publicKey: publicKeyOf(first.privateKey),
      selfSignedKey: first.privateKey,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86_400_000),
      extensions: [],
    });
    await db.signingAuthority.update({ where: { organizationId: other.organization.id }, data: { certificate: stale } });
    const again = await authorities.organizationSigningAuthority(other.organization.id);
    expect(again.hexId).toBe(first.hexId);
    const platform = new X509Certificate((await signerCa.loadSignerCa()).certificate);
    expect(new X509Certificate(again.certificate).checkIssued(platform)).toBe(true);
    expect(new X509Certificate(again.certificate).checkPrivateKey(first.privateKey)).toBe(true);
  });
});

describe("GET /api/pki/{file}", () => {
  async function get(file: string) {
    const request = new NextRequest(`http://127.0.0.1:3000/api/pki/${file}`);
    return sendRequest(crlRoute, request);
  }

  it("serves the CRLs of the platform's signer CA and of an organisation's CA, signed by each; anything else is not found", async () => {
    const authority = await authorities.organizationSigningAuthority(org.organization.id);
    const platform = await signerCa.loadSignerCa();
    for (const [file, issuer] of [
      ["signer-ca.crl", platform.certificate],
      [`${authority.hexId}.crl`, authority.certificate],
    ] as const) {
      const response = await get(file);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pkix-crl");
      const crl = pkijs.CertificateRevocationList.fromBER(await response.arrayBuffer());
      expect(await crl.verify({ issuerCertificate: pkijs.Certificate.fromBER(arrayBuffer(issuer)) })).toBe(true);
      expect(crl.revokedCertificates).toBeUndefined();
      expect(crl.nextUpdate!.value.getTime()).toBeGreaterThan(Date.now());
    }
    for (const file of ["0123456789abcdef0123456789abcdef.crl", "signer-ca.crt", "..%2F.env"]) expect((await get(file)).status).toBe(404);
  });
});

describe("an archival timestamp over a file that already has one", () => {
  it.skipIf(!hasOpenssl)(
    `puts fresh revocation data for the newest timestamp in the DSS before the next archival timestamp (${needs})`,
    async () => {
      const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
      expect((await signStep(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
      expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
      const file = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
      const once = await storage().get(file.signedStorageKey!);
      // Whole seconds: OCSP answers carry their time to the second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const renewedFrom = new Date(Math.floor(Date.now() / 1000) * 1000);
      const twice = await addLongTermValidation(once, { tsaUrl: tsa.url, fieldName: "SelloTiempo_renovado" });
      expect(Buffer.from(twice.subarray(0, once.length)).equals(Buffer.from(once))).toBe(true);

      const stamps = signaturesIn(twice).filter((signature) => signature.signer.subject.includes("CN=Rubrica Pruebas TSA"));
      const [first, second] = stamps.slice(-2);
      expect(second!.at).toBeGreaterThan(once.length);
      // The file as it stood just before the second timestamp's revision: everything that timestamp covers.
      const text = Buffer.from(twice).toString("latin1");
      const objectStart = text.lastIndexOf("%%EOF", second!.at);
      const before = twice.subarray(0, text.indexOf("\n", objectStart) + 1);
      expect(before.length).toBeGreaterThan(once.length);
      const dss = (await dssOf(before))!;
      // The first timestamp has its VRI entry (SHA-1 of its /Contents, upper-case hex) ...
      const vriKey = createHash("sha1").update(first!.contents).digest("hex").toUpperCase();
      expect(dss.vri).toContain(vriKey);
      // ... and an OCSP answer for its TSA certificate, fetched for this new archival timestamp.
      const tsaSerial = first!.signer.serialNumber.toUpperCase();
      const fresh = [];
      for (const [index, answer] of dss.ocsps.entries()) {
        const answerFile = join(workDir, `renewed-${index}.der`);
        writeFileSync(answerFile, answer);
        const checked = spawnSync("openssl", ["ocsp", "-respin", answerFile, "-CAfile", pki.caCertificate, "-resp_text"], {
          encoding: "utf8",
        });
        const producedAt = /Produced At: (.*)/.exec(checked.stdout)?.[1];
        if (checked.stdout.includes(`Serial Number: ${tsaSerial}`) && producedAt && new Date(producedAt) >= renewedFrom) fresh.push(answer);
      }
      expect(fresh.length).toBeGreaterThan(0);
    },
    60_000,
  );
});
