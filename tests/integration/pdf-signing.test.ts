import { execFileSync, spawnSync } from "node:child_process";
import { createHash, verify, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts, rgb } from "@cantoo/pdf-lib";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { developmentCredentials, loadSigningCredentials, parsePkcs12, type SigningCredentials } from "@/lib/pdf/credentials";
import { addLongTermValidation } from "@/lib/pdf/long-term";
import { sealPdf, signPdf } from "@/lib/pdf/sign-pdf";
import { hasOpenssl, OpensslPki } from "../support/openssl-pki";

/**
 * PDF signing (issue 5): each signer's PAdES signature as an incremental revision with the handwritten
 * signature visible, then the organisation's seal; earlier signatures stay valid; strict B-B, and B-T with
 * an RFC 3161 timestamp authority. pdfsig (poppler-utils) and openssl are the independent judges.
 */

const hasPdfsig = spawnSync("pdfsig", ["-v"]).status === 0;
const hasPdftoppm = spawnSync("pdftoppm", ["-v"]).status === 0;
const needsPdfsig = "needs pdfsig (Debian package poppler-utils)";
const needsOpenssl = "needs the openssl command line";

const oid = {
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  timeStampToken: "1.2.840.113549.1.9.16.2.14",
};

let workDir: string;
let pki: OpensslPki | undefined;
let signatureImage: Uint8Array;
let platform: SigningCredentials;
let organization: SigningCredentials;

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const arrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

async function multiPagePdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`Contrato de prestación de servicios — página ${i} de ${pages}`, { x: 50, y: 780, size: 14, font });
    page.drawText("Cláusula primera: el cliente acepta las condiciones.", { x: 50, y: 740, size: 11, font, color: rgb(0.2, 0.2, 0.2) });
  }
  return pdf.save();
}

/** What pdfsig says about each signature, in file order. It exits 0 even on "Digest Mismatch": read it. */
function pdfsig(bytes: Uint8Array): { field: string; validation: string; commonName: string; total: boolean }[] {
  const file = join(workDir, `check-${Date.now()}-${Math.random().toString(16).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const result = spawnSync("pdfsig", ["-nocert", file], { encoding: "utf8" });
  rmSync(file);
  return result.stdout
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      field: /Signature Field Name: (.*)/.exec(block)?.[1] ?? "",
      validation: /Signature Validation: (.*)/.exec(block)?.[1] ?? "",
      commonName: /Signer Certificate Common Name: (.*)/.exec(block)?.[1] ?? "",
      total: /Total document signed/.test(block),
    }));
}

/** Every signature in the file, read straight from its bytes: /ByteRange, the CMS in /Contents, its dictionary. */
function signaturesIn(bytes: Uint8Array) {
  const text = Buffer.from(bytes).toString("latin1");
  return [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map((match) => {
    const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
    const hex = text.slice(a + b + 1, c - 1);
    const cmsBytes = new Uint8Array(Buffer.from(hex, "hex"));
    const dictionary = text.slice(text.lastIndexOf(" obj", match.index), text.indexOf("endobj", match.index));
    const signed = [bytes.subarray(a, a + b), bytes.subarray(c, c + d)] as const;
    const contentInfo = pkijs.ContentInfo.fromBER(arrayBuffer(cmsBytes));
    const signedData = new pkijs.SignedData({ schema: contentInfo.content });
    return { byteRange: [a, b, c, d], dictionary, signed, contentInfo, signedData, signerInfo: signedData.signerInfos[0]! };
  });
}

/** A copy with one byte changed. */
function flipped(bytes: Uint8Array, at: number): Uint8Array {
  const copy = new Uint8Array(bytes);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), "rubrica-pdf-signing-"));
  // A handwritten stroke, dark blue on transparent, as the signature pad exports it.
  signatureImage = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="130"><path d="M10 100 C 80 0, 140 10, 190 80 S 330 120, 390 20" stroke="#0d1b6e" stroke-width="8" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  platform = await loadSigningCredentials({ NODE_ENV: "test", STORAGE_DIR: join(workDir, "storage") });
  organization = await developmentCredentials();
  if (hasOpenssl) pki = new OpensslPki();
});

afterAll(() => {
  pki?.remove();
  rmSync(workDir, { recursive: true, force: true });
});

describe("two signers and the seal on a multi-page PDF", () => {
  let original: Uint8Array;
  let first: Uint8Array;
  let second: Uint8Array;
  let sealed: Uint8Array;
  const rect = { x: 60, y: 90, width: 180, height: 60 };

  beforeAll(async () => {
    original = await multiPagePdf(4);
    first = await signPdf(original, {
      signer: { name: "María José Núñez", reason: "Firma del contrato", location: "Madrid, España", contactInfo: "mjnunez@example.test" },
      appearance: { png: signatureImage, page: 1, rect },
      fieldName: "Firma_0a1b2c3d",
      credentials: platform,
    });
    second = await signPdf(first, {
      signer: { name: "Íñigo Álvarez", reason: "Firma del contrato" },
      appearance: { png: signatureImage, page: 4, rect: { x: 330, y: 90, width: 180, height: 60 } },
      fieldName: "Firma_4e5f6a7b",
      credentials: platform,
    });
    sealed = await sealPdf(second, {
      organization: { name: "Servicios Ejemplo S.L." },
      reason: "Sello electrónico de la organización",
      credentials: organization,
    });
  });

  it("appends each signature as an incremental revision: every earlier revision stays byte for byte", () => {
    expect(Buffer.from(first.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);
    expect(Buffer.from(second.subarray(0, first.length)).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(sealed.subarray(0, second.length)).equals(Buffer.from(second))).toBe(true);
    expect(signaturesIn(sealed).map((s) => s.byteRange[0])).toEqual([0, 0, 0]);
    // Each signature covers exactly its own revision: up to the end of the file it was made on.
    expect(signaturesIn(sealed).map(({ byteRange: [, , c, d] }) => c! + d!)).toEqual([first.length, second.length, sealed.length]);
  });

  it.skipIf(!hasPdfsig)(
    `pdfsig reports every signature valid after each revision, the seal covering the whole document (${needsPdfsig})`,
    () => {
      expect(pdfsig(first)).toEqual([
        {
          field: "Firma_0a1b2c3d",
          validation: "Signature is Valid.",
          commonName: expect.stringContaining("DESARROLLO") as string,
          total: true,
        },
      ]);
      expect(pdfsig(second).map((s) => [s.field, s.validation])).toEqual([
        ["Firma_0a1b2c3d", "Signature is Valid."],
        ["Firma_4e5f6a7b", "Signature is Valid."],
      ]);
      const final = pdfsig(sealed);
      expect(final.map((s) => s.validation)).toEqual(["Signature is Valid.", "Signature is Valid.", "Signature is Valid."]);
      expect(final[2]!.field).toMatch(/^Sello_[0-9a-f]{16}$/);
      expect(final.map((s) => s.total)).toEqual([false, false, true]);
    },
  );

  it.skipIf(!hasPdfsig)(
    `changing one signed byte makes pdfsig report the failure, only for the signatures covering it (${needsPdfsig})`,
    () => {
      // A byte of the original document (inside the first page's content stream): every signature covers it.
      const inOriginal = Buffer.from(sealed).indexOf("stream", 0, "latin1") + 20;
      expect(inOriginal).toBeLessThan(original.length);
      const all = pdfsig(flipped(sealed, inOriginal));
      expect(all).toHaveLength(3);
      for (const signature of all) expect(signature.validation).not.toBe("Signature is Valid.");
      expect(all.map((s) => s.validation)).toContain("Digest Mismatch.");

      // A byte of the seal's own revision (the year in its /M): only the seal breaks.
      const sealM = Buffer.from(sealed).lastIndexOf("/M (D:", undefined, "latin1") + "/M (D:".length;
      expect(sealM).toBeGreaterThan(second.length);
      const onlySeal = pdfsig(flipped(sealed, sealM));
      expect(onlySeal.map((s) => s.validation)).toEqual(["Signature is Valid.", "Signature is Valid.", "Digest Mismatch."]);
    },
  );

  it("every signature is strict PAdES B-B: ETSI.CAdES.detached with exactly contentType, messageDigest and signing-certificate-v2", () => {
    const signatures = signaturesIn(sealed);
    expect(signatures).toHaveLength(3);
    for (const { dictionary, signed, signedData, signerInfo, contentInfo } of signatures) {
      expect(dictionary).toMatch(/\/Type \/Sig\b/);
      expect(dictionary).toMatch(/\/SubFilter \/ETSI\.CAdES\.detached\b/);
      expect(dictionary).toMatch(/\/M \(D:\d{14}/);
      expect(contentInfo.contentType).toBe("1.2.840.113549.1.7.2");
      // Detached: the PDF bytes are not inside the CMS.
      expect(signedData.encapContentInfo.eContent).toBeUndefined();

      const attributes = signerInfo.signedAttrs!.attributes;
      expect(attributes.map((a) => a.type).sort()).toEqual([oid.contentType, oid.messageDigest, oid.signingCertificateV2].sort());
      expect(attributes.some((a) => a.type === oid.signingTime)).toBe(false);
      expect(signerInfo.unsignedAttrs).toBeUndefined();

      // messageDigest is the SHA-256 of exactly the two signed ranges.
      const digest = attributes.find((a) => a.type === oid.messageDigest)!.values[0] as asn1js.OctetString;
      expect(Buffer.from(digest.valueBlock.valueHexView).equals(sha256(...signed))).toBe(true);

      // signing-certificate-v2 names the certificate that signed, by its SHA-256 hash (the default algorithm).
      const certificate = signedData.certificates![0] as pkijs.Certificate;
      const certificateDer = new Uint8Array(certificate.toSchema().toBER());
      const essCertId = (attributes.find((a) => a.type === oid.signingCertificateV2)!.values[0] as asn1js.Sequence).valueBlock
        .value[0] as asn1js.Sequence;
      const firstCertId = essCertId.valueBlock.value[0] as asn1js.Sequence;
      const certHash = firstCertId.valueBlock.value[0] as asn1js.OctetString;
      expect(certHash).toBeInstanceOf(asn1js.OctetString);
      expect(Buffer.from(certHash.valueBlock.valueHexView).equals(sha256(certificateDer))).toBe(true);

      // The signature value verifies over the signed attributes (DER SET) with that certificate's key.
      const signedAttrs = new Uint8Array(signerInfo.signedAttrs!.encodedValue);
      signedAttrs[0] = 0x31;
      const publicKey = new X509Certificate(certificateDer).publicKey;
      expect(verify("sha256", signedAttrs, publicKey, new Uint8Array(signerInfo.signature.valueBlock.valueHexView))).toBe(true);
    }
  });

  it.skipIf(!hasPdftoppm)(
    `shows each handwritten signature on its page, inside its rectangle (needs pdftoppm, Debian package poppler-utils)`,
    async () => {
      const render = async (page: number) => {
        const prefix = join(workDir, `page-${page}`);
        // 72 dpi: one pixel per PDF point; y measured from the top.
        const file = `${prefix}.pdf`;
        writeFileSync(file, sealed);
        execFileSync("pdftoppm", ["-r", "72", "-f", String(page), "-l", String(page), "-singlefile", "-gray", "-png", file, prefix]);
        return readFileSync(`${prefix}.png`);
      };
      const darkPixels = async (png: Buffer, box: { x: number; y: number; width: number; height: number }) => {
        const { data } = await sharp(png)
          .extract({ left: box.x, top: 842 - box.y - box.height, width: box.width, height: box.height })
          .raw()
          .toBuffer({ resolveWithObject: true });
        return data.filter((value) => value < 128).length;
      };
      const page1 = await render(1);
      const page2 = await render(2);
      const page4 = await render(4);
      expect(await darkPixels(page1, rect)).toBeGreaterThan(200);
      expect(await darkPixels(page2, rect)).toBe(0);
      expect(await darkPixels(page4, { x: 330, y: 90, width: 180, height: 60 })).toBeGreaterThan(200);
      expect(await darkPixels(page4, rect)).toBe(0);
    },
  );
});

describe("PAdES B-T with an RFC 3161 timestamp authority", () => {
  it.skipIf(!hasOpenssl)(
    `timestamps the signature value; openssl verifies the token and pdfsig the signatures (${needsOpenssl})`,
    async () => {
      const tsa = await pki!.startTsa();
      try {
        const original = await multiPagePdf(2);
        const signed = await signPdf(original, {
          signer: { name: "Lucía Fernández", reason: "Firma del contrato" },
          appearance: { png: signatureImage, page: 2, rect: { x: 60, y: 90, width: 150, height: 50 } },
          fieldName: "Firma_7c8d9e0f",
          credentials: platform,
          tsaUrl: tsa.url,
        });
        const sealed = await sealPdf(signed, {
          organization: { name: "Servicios Ejemplo S.L." },
          reason: "Sello",
          credentials: organization,
          tsaUrl: tsa.url,
        });
        expect(tsa.requests).toBe(2);

        for (const { signerInfo } of signaturesIn(sealed)) {
          // Still exactly the three B-B signed attributes; the token is the one unsigned attribute.
          expect(signerInfo.signedAttrs!.attributes.map((a) => a.type).sort()).toEqual(
            [oid.contentType, oid.messageDigest, oid.signingCertificateV2].sort(),
          );
          const unsigned = signerInfo.unsignedAttrs!.attributes;
          expect(unsigned.map((a) => a.type)).toEqual([oid.timeStampToken]);
          const tokenDer = new Uint8Array((unsigned[0]!.values[0] as asn1js.Sequence).toBER());
          const token = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(arrayBuffer(tokenDer)).content });
          const tstInfo = pkijs.TSTInfo.fromBER(token.encapContentInfo.eContent!.getValue());
          // The imprint is the SHA-256 of this signature's value.
          const signatureHash = sha256(new Uint8Array(signerInfo.signature.valueBlock.valueHexView));
          expect(Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView).equals(signatureHash)).toBe(true);
          expect(Math.abs(tstInfo.genTime.getTime() - Date.now())).toBeLessThan(60_000);

          const tokenFile = join(workDir, `token-${Date.now()}.der`);
          writeFileSync(tokenFile, tokenDer);
          const verified = spawnSync(
            "openssl",
            ["ts", "-verify", "-digest", signatureHash.toString("hex"), "-in", tokenFile, "-token_in", "-CAfile", pki!.caCertificate],
            { encoding: "utf8" },
          );
          expect(`${verified.stdout}${verified.stderr}`).toContain("Verification: OK");
        }
        if (hasPdfsig) expect(pdfsig(sealed).map((s) => s.validation)).toEqual(["Signature is Valid.", "Signature is Valid."]);
      } finally {
        await tsa.stop();
      }
    },
  );

  it("fails rather than sign without the timestamp when the authority does not answer", async () => {
    const original = await multiPagePdf(1);
    await expect(
      signPdf(original, {
        signer: { name: "Lucía Fernández", reason: "Firma" },
        fieldName: "Firma_dead",
        credentials: platform,
        tsaUrl: "http://127.0.0.1:9/tsa",
      }),
    ).rejects.toThrow(/timestamp authority/);
  });
});

describe("signing credentials", () => {
  it.skipIf(!hasOpenssl)(`loads a PKCS#12 given by file or in base64, with its chain, and signs with it (${needsOpenssl})`, async () => {
    const p12 = pki!.pkcs12("/C=ES/O=Servicios Ejemplo S.L./CN=Servicios Ejemplo Firma", "Clave-p12 ñ");
    const storage = join(workDir, "storage");
    const fromFile = await loadSigningCredentials({
      NODE_ENV: "test",
      STORAGE_DIR: storage,
      PDF_SIGNING_P12_PATH: p12.path,
      PDF_SIGNING_P12_PASSWORD: "Clave-p12 ñ",
    });
    const fromBase64 = await loadSigningCredentials({
      NODE_ENV: "test",
      STORAGE_DIR: storage,
      PDF_SIGNING_P12_BASE64: readFileSync(p12.path).toString("base64"),
      PDF_SIGNING_P12_PASSWORD: "Clave-p12 ñ",
    });
    const expected = new X509Certificate(readFileSync(p12.cert));
    for (const credentials of [fromFile, fromBase64]) {
      expect(credentials.development).toBe(false);
      expect(new X509Certificate(credentials.certificate).fingerprint256).toBe(expected.fingerprint256);
      expect(credentials.chain.map((der) => new X509Certificate(der).fingerprint256)).toEqual([
        new X509Certificate(readFileSync(pki!.caCertificate)).fingerprint256,
      ]);
    }

    const signed = await signPdf(await multiPagePdf(2), {
      signer: { name: "Servicios Ejemplo S.L.", reason: "Sello" },
      fieldName: "Sello_p12",
      credentials: fromFile,
    });
    const [signature] = signaturesIn(signed);
    // The chain travels in the signature for verifiers.
    expect(signature!.signedData.certificates).toHaveLength(2);
    if (hasPdfsig) {
      expect(pdfsig(signed)).toEqual([
        { field: "Sello_p12", validation: "Signature is Valid.", commonName: "Servicios Ejemplo Firma", total: true },
      ]);
    }
  });

  it.skipIf(!hasOpenssl)(`refuses a PKCS#12 with the wrong password, and says how to convert a legacy one (${needsOpenssl})`, async () => {
    const p12 = pki!.pkcs12("/CN=Clave Equivocada", "buena");
    await expect(parsePkcs12(readFileSync(p12.path), "mala")).rejects.toThrow(/wrong password/);
    const legacy = pki!.pkcs12("/CN=Legado", "buena", { legacy: true });
    await expect(parsePkcs12(readFileSync(legacy.path), "buena")).rejects.toThrow(/legacy encryption .*openssl pkcs12/);
  });

  it("without a PKCS#12, signs with a generated development certificate that says it is not valid", async () => {
    expect(platform.development).toBe(true);
    const subject = new X509Certificate(platform.certificate).subject;
    expect(subject).toContain("Rúbrica DESARROLLO - no válido");
    expect(subject).toContain("DEVELOPMENT - NOT VALID");
    // Kept in the database for every process outside tests: tests/integration/development-credentials.test.ts.
  });
});

describe("refused requests", () => {
  it("refuses an image that is not a PNG, a repeated field name and a page the document lacks", async () => {
    const pdf = await multiPagePdf(2);
    const base = { signer: { name: "Ana", reason: "Firma" }, credentials: platform };
    await expect(
      signPdf(pdf, {
        ...base,
        fieldName: "Firma_x",
        appearance: { png: new Uint8Array([1, 2, 3]), page: 1, rect: { x: 0, y: 0, width: 10, height: 10 } },
      }),
    ).rejects.toMatchObject({ code: "SIGNATURE_IMAGE_INVALID" } satisfies Partial<AppError>);
    const signed = await signPdf(pdf, { ...base, fieldName: "Firma_x" });
    await expect(signPdf(signed, { ...base, fieldName: "Firma_x" })).rejects.toThrow(/already has a field named Firma_x/);
    await expect(
      signPdf(pdf, {
        ...base,
        fieldName: "Firma_y",
        appearance: { png: signatureImage, page: 3, rect: { x: 0, y: 0, width: 10, height: 10 } },
      }),
    ).rejects.toThrow(/page 3 does not exist/);
  });
});

/** The DSS of a PDF (ISO 32000-2 12.8.4.3): the DER of every stream in its /Certs, /OCSPs and /CRLs arrays. */
async function dssOf(bytes: Uint8Array): Promise<{ certs: Buffer[]; ocsps: Buffer[]; crls: Buffer[] } | null> {
  const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const dss = document.catalog.lookupMaybe(PDFName.of("DSS"), PDFDict);
  if (!dss) return null;
  const streams = (key: string) =>
    (dss.lookupMaybe(PDFName.of(key), PDFArray)?.asArray() ?? []).map((ref) => {
      const stream = document.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) throw new Error(`DSS /${key} holds something other than a stream`);
      return Buffer.from(decodePDFRawStream(stream).decode());
    });
  return { certs: streams("Certs"), ocsps: streams("OCSPs"), crls: streams("CRLs") };
}

/** The exact DER of a CMS in a /Contents placeholder (the rest is zero padding). */
function withoutPadding(contents: Uint8Array): Uint8Array {
  const parsed = asn1js.fromBER(arrayBuffer(contents));
  return contents.subarray(0, parsed.offset);
}

describe("PAdES B-LT and B-LTA: validation data and an archival document timestamp", () => {
  let ocsp: Awaited<ReturnType<OpensslPki["startOcsp"]>>;
  let tsa: Awaited<ReturnType<OpensslPki["startTsa"]>>;
  let signerCertificate: string;
  let sealed: Uint8Array;
  let archived: Uint8Array;

  beforeAll(async () => {
    if (!hasOpenssl) return;
    // The responder first: the TSA's and the signer's certificates name it (Authority Information Access).
    ocsp = await pki!.startOcsp();
    tsa = await pki!.startTsa();
    const p12 = pki!.pkcs12("/C=ES/O=Servicios Ejemplo S.L./CN=Servicios Ejemplo Sello", "clave-lt");
    signerCertificate = p12.cert;
    const credentials = await parsePkcs12(readFileSync(p12.path), "clave-lt");
    const signed = await signPdf(await multiPagePdf(2), {
      signer: { name: "Lucía Fernández", reason: "Firma del contrato" },
      appearance: { png: signatureImage, page: 2, rect: { x: 60, y: 90, width: 150, height: 50 } },
      fieldName: "Firma_lt",
      credentials,
      tsaUrl: tsa.url,
    });
    sealed = await sealPdf(signed, {
      organization: { name: "Servicios Ejemplo S.L." },
      reason: "Sello",
      credentials,
      tsaUrl: tsa.url,
      fieldName: "Sello_lt",
    });
    archived = await addLongTermValidation(sealed, { tsaUrl: tsa.url, fieldName: "SelloTiempo_lt" });
  }, 60_000);

  afterAll(async () => {
    await tsa?.stop();
    await ocsp?.stop();
  });

  it.skipIf(!hasOpenssl)(
    `appends only: the signed file stays byte for byte and pdfsig still finds every signature valid (${needsOpenssl})`,
    () => {
      expect(archived.length).toBeGreaterThan(sealed.length);
      expect(Buffer.from(archived.subarray(0, sealed.length)).equals(Buffer.from(sealed))).toBe(true);
      if (!hasPdfsig) return;
      const verdicts = pdfsig(archived);
      expect(verdicts.map((v) => v.field)).toEqual(["Firma_lt", "Sello_lt", "SelloTiempo_lt"]);
      expect(verdicts.slice(0, 2).map((v) => v.validation)).toEqual(["Signature is Valid.", "Signature is Valid."]);
      // pdfsig lists the document timestamp but cannot validate RFC 3161 document timestamps: openssl does, below.
      expect(verdicts[2]!.commonName).toBe("Rubrica Pruebas TSA");
    },
  );

  it.skipIf(!hasOpenssl)(
    `embeds a DSS with the chain and a good OCSP answer, signed by the CA, for the signer's and the TSA's certificates (${needsOpenssl})`,
    async () => {
      const dss = await dssOf(archived);
      expect(dss).not.toBeNull();
      const fingerprints = dss!.certs.map((der) => new X509Certificate(der).fingerprint256);
      const expected = [signerCertificate, pki!.caCertificate].map((file) => new X509Certificate(readFileSync(file)).fingerprint256);
      expect(fingerprints).toEqual(expect.arrayContaining(expected));
      expect(dss!.certs.some((der) => new X509Certificate(der).subject.includes("CN=Rubrica Pruebas TSA"))).toBe(true);

      const serials: string[] = [];
      for (const [index, answer] of dss!.ocsps.entries()) {
        const file = join(workDir, `ocsp-${index}.der`);
        writeFileSync(file, answer);
        const checked = spawnSync("openssl", ["ocsp", "-respin", file, "-CAfile", pki!.caCertificate, "-resp_text"], { encoding: "utf8" });
        expect(checked.stderr).toContain("Response verify OK");
        expect(checked.stdout).toContain("Cert Status: good");
        serials.push(...[...checked.stdout.matchAll(/Serial Number: ([0-9A-F]+)/g)].map((m) => m[1]!));
      }
      const tsaCertificate = dss!.certs
        .map((der) => new X509Certificate(der))
        .find((cert) => cert.subject.includes("CN=Rubrica Pruebas TSA"))!;
      expect(serials).toEqual(
        expect.arrayContaining([
          new X509Certificate(readFileSync(signerCertificate)).serialNumber.toUpperCase(),
          tsaCertificate.serialNumber.toUpperCase(),
        ]),
      );
      expect(ocsp.requests).toBeGreaterThanOrEqual(2);
    },
  );

  it.skipIf(!hasOpenssl)(
    `closes with a document timestamp over every signature that openssl verifies, and that fails on any changed byte (${needsOpenssl})`,
    () => {
      const stamp = signaturesIn(archived).find((s) => s.dictionary.includes("/DocTimeStamp"));
      expect(stamp).toBeDefined();
      expect(stamp!.dictionary).toContain("/ETSI.RFC3161");
      const [, , c, d] = stamp!.byteRange;
      // It covers the sealed file and the validation data added to it.
      expect(c! + d!).toBeGreaterThan(sealed.length);
      const text = Buffer.from(archived).toString("latin1");
      const token = withoutPadding(new Uint8Array(Buffer.from(text.slice(stamp!.byteRange[1]! + 1, c! - 1), "hex")));
      const tokenFile = join(workDir, "doc-timestamp.tsr");
      writeFileSync(tokenFile, token);
      const verify = (covered: Buffer) => {
        const dataFile = join(workDir, `covered-${Date.now()}.bin`);
        writeFileSync(dataFile, covered);
        const result = spawnSync(
          "openssl",
          ["ts", "-verify", "-data", dataFile, "-in", tokenFile, "-token_in", "-CAfile", pki!.caCertificate],
          { encoding: "utf8" },
        );
        return `${result.stdout}${result.stderr}`;
      };
      expect(verify(Buffer.concat(stamp!.signed))).toContain("Verification: OK");

      // A byte before the first signature's /Contents: covered by every signature and by the timestamp.
      const tampered = flipped(archived, Math.floor(signaturesIn(archived)[0]!.byteRange[1]! / 2));
      const tamperedStamp = signaturesIn(tampered).find((s) => s.dictionary.includes("/DocTimeStamp"))!;
      expect(verify(Buffer.concat(tamperedStamp.signed))).toContain("Verification: FAILED");
      if (hasPdfsig)
        expect(
          pdfsig(tampered)
            .slice(0, 2)
            .map((v) => v.validation),
        ).toEqual(["Digest Mismatch.", "Digest Mismatch."]);
    },
  );

  it.skipIf(!hasOpenssl)(
    `refuses to finish the file while the responder is down or when a certificate is revoked (${needsOpenssl})`,
    async () => {
      ocsp.pause();
      try {
        await expect(addLongTermValidation(sealed, { tsaUrl: tsa.url, fieldName: "SelloTiempo_down" })).rejects.toThrow(
          /revocation data unavailable, try again later: .*HTTP 503/,
        );
      } finally {
        ocsp.resume();
      }
      expect((await addLongTermValidation(sealed, { tsaUrl: tsa.url, fieldName: "SelloTiempo_up" })).length).toBeGreaterThan(sealed.length);

      const p12 = pki!.pkcs12("/C=ES/O=Servicios Ejemplo S.L./CN=Certificado Revocado", "clave-rev");
      const credentials = await parsePkcs12(readFileSync(p12.path), "clave-rev");
      const signed = await signPdf(await multiPagePdf(1), {
        signer: { name: "Revocado", reason: "Firma" },
        fieldName: "Firma_rev",
        credentials,
        tsaUrl: tsa.url,
      });
      pki!.revoke(p12.cert);
      await expect(addLongTermValidation(signed, { tsaUrl: tsa.url, fieldName: "SelloTiempo_rev" })).rejects.toThrow(
        /certificate revoked: Certificado Revocado/,
      );
    },
  );
});

describe("PAdES B-LT from a CRL when the certificates name no OCSP responder", () => {
  it.skipIf(!hasOpenssl)(`embeds the CA's CRL and refuses a certificate the CRL lists (${needsOpenssl})`, async () => {
    const crlPki = new OpensslPki();
    const crl = await crlPki.startCrl();
    const tsa = await crlPki.startTsa();
    try {
      const p12 = crlPki.pkcs12("/C=ES/O=Servicios Ejemplo S.L./CN=Sello con CRL", "clave-crl");
      const credentials = await parsePkcs12(readFileSync(p12.path), "clave-crl");
      const signed = await signPdf(await multiPagePdf(1), {
        signer: { name: "Servicios Ejemplo S.L.", reason: "Sello" },
        fieldName: "Sello_crl",
        credentials,
        tsaUrl: tsa.url,
      });
      const archived = await addLongTermValidation(signed, { tsaUrl: tsa.url, fieldName: "SelloTiempo_crl" });
      const dss = await dssOf(archived);
      expect(dss!.ocsps).toHaveLength(0);
      expect(dss!.crls.length).toBeGreaterThanOrEqual(1);
      const crlFile = join(workDir, "dss.crl");
      writeFileSync(crlFile, dss!.crls[0]!);
      const checked = spawnSync("openssl", ["crl", "-inform", "DER", "-in", crlFile, "-CAfile", crlPki.caCertificate, "-noout", "-text"], {
        encoding: "utf8",
      });
      expect(checked.stderr).toContain("verify OK");
      expect(checked.stdout).toContain("No Revoked Certificates");
      expect(crl.requests).toBeGreaterThanOrEqual(1);

      crlPki.revoke(p12.cert);
      await expect(addLongTermValidation(signed, { tsaUrl: tsa.url, fieldName: "SelloTiempo_crl2" })).rejects.toThrow(
        /certificate revoked: Sello con CRL \(CRL /,
      );
    } finally {
      await tsa.stop();
      await crl.stop();
      crlPki.remove();
    }
  });

  it.skipIf(!hasOpenssl)(
    `refuses a list signed by anyone but the certificate's issuer, even under the issuer's name (${needsOpenssl})`,
    async () => {
      // Both test CAs are called "Rubrica Pruebas CA": the forger's list carries the right issuer name and the wrong key.
      const pki = new OpensslPki();
      const forger = new OpensslPki();
      const forged = await forger.startCrl();
      const tsa = await pki.startTsa();
      try {
        pki.nameCrlAt(forged.url);
        const p12 = pki.pkcs12("/C=ES/O=Servicios Ejemplo S.L./CN=Sello con lista falsa", "clave-falsa");
        const signed = await signPdf(await multiPagePdf(1), {
          signer: { name: "Servicios Ejemplo S.L.", reason: "Sello" },
          fieldName: "Sello_falso",
          credentials: await parsePkcs12(readFileSync(p12.path), "clave-falsa"),
          tsaUrl: tsa.url,
        });
        await expect(addLongTermValidation(signed, { tsaUrl: tsa.url, fieldName: "SelloTiempo_falso" })).rejects.toThrow(
          /revocation data unavailable.*Sello con lista falsa \(CRL .*the list's signature does not verify/,
        );
        expect(forged.requests).toBeGreaterThanOrEqual(1);
      } finally {
        await tsa.stop();
        await forged.stop();
        pki.remove();
        forger.remove();
      }
    },
  );
});
