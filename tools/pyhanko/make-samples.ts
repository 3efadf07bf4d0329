/**
 * Sample signed PDFs made with the product's own signing code (lib/pdf/**), for tools/pyhanko/validate.py.
 *
 *   npx tsx tools/pyhanko/make-samples.ts [OUT_DIR]        (default .tmp/pyhanko-samples)
 *
 * No database: it runs the same steps, in the same order, as lib/sealing/sign-files.ts (signForSigner per
 * signer on the last page's slots, then sealDocument: appendAuditCertificate, sealPdf, addLongTermValidation
 * when a TSA is set) on a generated contract, with a throwaway openssl PKI (tests/support/openssl-pki.ts:
 * CA, OCSP responder, TSA on loopback). It writes, each with a "-control" twin that skips only the
 * audit-certificate revision:
 *   single.pdf       one signer + audit certificate + seal (no TSA: B-B, as a product without PDF_SIGNING_TSA_URL)
 *   three.pdf        three signers + audit certificate + seal (B-B)
 *   single-pages-only.pdf  as single.pdf, but the certificate pages appended without the /RubricaAuditCertificate key
 *   lta.pdf          one signer + audit certificate + seal with TSA, then DSS + archival timestamp (B-LTA)
 * and two prototypes of the designs in FINDINGS.md:
 *   design-a-document.pdf + design-a-certificate.pdf   (a) the certificate as its own sealed PDF (both B-LTA)
 *   design-b.pdf     (b) certificate pages reserved (read-only text fields) before the first signature, filled
 *                    at seal time by form filling (/V + a new appearance stream drawing the rendered page), B-LTA
 *   design-b-on-signed-upload.pdf  (b)'s reservation applied to an upload that was already signed elsewhere
 * plus ca.pem, the PKI's root, for `validate.py --trust`.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PDFBool, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { renderAuditCertificate, type AuditCertificateData } from "@/lib/pdf/audit-certificate";
import { parsePkcs12, type SigningCredentials } from "@/lib/pdf/credentials";
import { addLongTermValidation } from "@/lib/pdf/long-term";
import { sealPdf, signPdf, type SignatureRect } from "@/lib/pdf/sign-pdf";
import { OpensslPki } from "../../tests/support/openssl-pki";

const out = path.resolve(process.argv[2] ?? ".tmp/pyhanko-samples");
mkdirSync(out, { recursive: true });

async function contract(pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Contrato de prueba - pagina ${i} de ${pages}`, { x: 60, y: 780, size: 16, font });
    for (let line = 0; line < 30; line++)
      page.drawText(`Clausula ${i}.${line + 1}: texto del contrato que los firmantes aceptan.`, {
        x: 60,
        y: 740 - line * 18,
        size: 10,
        font,
      });
  }
  return doc.save({ useObjectStreams: false });
}

async function drawing(label: string): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120"><path d="M10 90 C 60 10, 110 110, 160 50 S 260 20, 310 80" stroke="#1e3a8a" stroke-width="5" fill="none"/><text x="20" y="115" font-size="16" fill="#1e3a8a">${label}</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** lib/sealing/sign-files.ts slotFor: slots of 160x60 pt along the bottom of the given page. */
async function slot(pdf: Uint8Array, index: number, pageNumber?: number): Promise<{ page: number; rect: SignatureRect }> {
  const doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false });
  const page = pageNumber ?? doc.getPageCount();
  const { width } = doc.getPage(page - 1).getSize();
  const margin = 36;
  const s = { width: 160, height: 60, gap: 10 };
  const perRow = Math.max(1, Math.floor((width - 2 * margin + s.gap) / (s.width + s.gap)));
  return {
    page,
    rect: {
      x: margin + (index % perRow) * (s.width + s.gap),
      y: margin + Math.floor(index / perRow) * (s.height + s.gap),
      width: s.width,
      height: s.height,
    },
  };
}

function certificateData(names: string[]): AuditCertificateData {
  const now = Date.now();
  return {
    locale: "es-es",
    timezone: "Europe/Madrid",
    organization: "Plataforma Pruebas",
    title: "Contrato de arrendamiento Peñalén",
    hexId: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
    files: [{ fileName: "contrato.pdf", sha256: "9f".repeat(32), signedSha256: null }],
    signers: names.map((name, i) => ({
      name,
      email: `firmante${i}@example.test`,
      status: "COMPLETED",
      signedAt: new Date(now - (names.length - i) * 60_000),
      ip: `127.0.0.${i + 1}`,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140",
      location: { displayName: "Plaza Mayor, Madrid, España", latitude: 40.4168, longitude: -3.7038 },
      evidences: [
        { kind: "SIGNATURE_DRAWING", sha256: "ab".repeat(32), check: "VERIFIED", ethTrxid: null },
        { kind: "SELFIE", sha256: "cd".repeat(32), check: "VERIFIED", ethTrxid: null },
      ],
    })),
    events: Array.from({ length: 12 + names.length * 4 }, (_, i) => ({
      sequence: i + 1,
      type: ["document.sent", "signer.opened", "signer.step-completed", "signer.pdf-signed"][i % 4]!,
      createdAt: new Date(now - (40 - i) * 30_000),
      hash: (i + 10).toString(16).padStart(2, "0").repeat(32),
    })),
  };
}

type Ctx = { credentials: SigningCredentials; tsaUrl?: string };

async function signAll(pdf: Uint8Array, names: string[], ctx: Ctx, slotPage?: number): Promise<Uint8Array> {
  let bytes = pdf;
  for (const [i, name] of names.entries()) {
    bytes = await signPdf(bytes, {
      signer: { name, reason: `Firmado por ${name}`, contactInfo: `firmante${i}@example.test` },
      appearance: { png: await drawing(name), ...(await slot(bytes, i, slotPage)) },
      fieldName: `Firma_${String(i + 1).padStart(2, "0")}${"0".repeat(14)}`,
      credentials: ctx.credentials,
      tsaUrl: ctx.tsaUrl,
    });
  }
  return bytes;
}

async function seal(pdf: Uint8Array, ctx: Ctx, fieldSuffix = "a1b2c3d4"): Promise<Uint8Array> {
  const sealed = await sealPdf(pdf, {
    organization: { name: "Plataforma Pruebas" },
    reason: "Sello de Plataforma Pruebas",
    credentials: ctx.credentials,
    tsaUrl: ctx.tsaUrl,
    fieldName: `Sello_${fieldSuffix}`,
  });
  return ctx.tsaUrl ? addLongTermValidation(sealed, { tsaUrl: ctx.tsaUrl, fieldName: `SelloTiempo_${fieldSuffix}` }) : sealed;
}

/**
 * What the seal job did before issue 15 (lib/pdf/audit-certificate.ts then): the certificate's pages appended
 * to the signed file with a catalog marker, before the seal. Kept here to reproduce the finding.
 */
async function appendAuditCertificate(pdf: Uint8Array, certificate: Uint8Array): Promise<Uint8Array> {
  const document = await PDFDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false });
  const source = await PDFDocument.load(certificate, { updateMetadata: false });
  for (const page of await document.copyPages(source, source.getPageIndices())) document.addPage(page);
  document.catalog.set(PDFName.of("RubricaAuditCertificate"), PDFBool.True);
  return document.save({ useObjectStreams: false });
}

/** appendAuditCertificate without its catalog marker: to show that the pages alone already break the signatures. */
async function appendPagesOnly(pdf: Uint8Array, certificate: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false });
  const source = await PDFDocument.load(certificate, { updateMetadata: false });
  for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
  return doc.save({ useObjectStreams: false });
}

/** Today's product flow (sign-files.ts), with the audit certificate revision, without it, or with its pages but no marker. */
async function productFile(names: string[], ctx: Ctx, certificate: "yes" | "no" | "pages-only"): Promise<Uint8Array> {
  let bytes = await signAll(await contract(), names, ctx);
  const rendered = certificate === "no" ? null : await renderAuditCertificate(certificateData(names));
  if (rendered) bytes = certificate === "yes" ? await appendAuditCertificate(bytes, rendered) : await appendPagesOnly(bytes, rendered);
  return seal(bytes, ctx);
}

// ---- design (b): pages reserved before the first signature, filled later by form filling ----

const reservedField = (i: number) => `CertificadoAuditoria_p${i + 1}`;

/** One revision, before anyone signs: `count` blank A4 pages, each covered by a read-only multiline text field. */
async function reserveCertificatePages(pdf: Uint8Array, count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false });
  const { context } = doc;
  const form = doc.catalog.getOrCreateAcroForm();
  const helv = context.register(context.obj({ Type: "Font", Subtype: "Type1", BaseFont: "Helvetica", Encoding: "WinAnsiEncoding" }));
  form.dict.set(PDFName.of("DR"), context.obj({ Font: { Helv: helv } }));
  form.dict.set(PDFName.of("DA"), PDFString.of("/Helv 0 Tf 0 g"));
  for (let i = 0; i < count; i++) {
    const page = doc.addPage([595.28, 841.89]);
    const blank = context.register(context.stream("", { Type: "XObject", Subtype: "Form", BBox: [0, 0, 595.28, 841.89] }));
    const widget = context.register(
      context.obj({
        Type: "Annot",
        Subtype: "Widget",
        FT: "Tx",
        T: PDFHexString.fromText(reservedField(i)),
        Ff: 1 | 4096, // ReadOnly + Multiline
        F: 4, // Print
        P: page.ref,
        Rect: [0, 0, 595.28, 841.89],
        DA: PDFString.of("/Helv 0 Tf 0 g"),
        V: PDFHexString.fromText(""),
        AP: { N: blank },
      }),
    );
    page.node.set(PDFName.of("Annots"), context.obj([widget]));
    form.addField(widget);
  }
  return doc.save({ useObjectStreams: false });
}

/** At seal time: each reserved field's value becomes the page's text and its appearance the rendered certificate page. */
async function fillCertificatePages(pdf: Uint8Array, certificate: Uint8Array, summary: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false });
  const source = await PDFDocument.load(certificate, { updateMetadata: false });
  const fields = new Map(
    doc
      .getForm()
      .getFields()
      .map((f) => [f.getName(), f]),
  );
  const count = source.getPageCount();
  for (let i = 0; i < count; i++) {
    const field = fields.get(reservedField(i));
    if (!field) throw new Error(`design b: the certificate has ${count} pages, only ${i} reserved`);
    const [embedded] = await doc.embedPdf(source, [i]);
    const { width, height } = source.getPage(i).getSize();
    const appearance = doc.context.register(
      doc.context.stream(`q /P0 Do Q`, {
        Type: "XObject",
        Subtype: "Form",
        BBox: [0, 0, width, height],
        Resources: { XObject: { P0: embedded!.ref } },
      }),
    );
    const widget = field.acroField.dict;
    widget.set(PDFName.of("V"), PDFHexString.fromText(`${summary} (${i + 1}/${count})`));
    widget.set(PDFName.of("AP"), doc.context.obj({ N: appearance }));
  }
  return doc.save({ useObjectStreams: false });
}

async function main(): Promise<void> {
  const pki = new OpensslPki();
  const ocsp = await pki.startOcsp();
  const tsa = await pki.startTsa();
  try {
    copyFileSync(pki.caCertificate, path.join(out, "ca.pem"));
    const p12 = pki.pkcs12("/C=ES/O=Plataforma Pruebas/CN=Plataforma Pruebas Sello", "clave-sello");
    const credentials = await parsePkcs12(new Uint8Array(readFileSync(p12.path)), "clave-sello");
    const bb: Ctx = { credentials };
    const lt: Ctx = { credentials, tsaUrl: tsa.url };
    const one = ["María José Núñez Ibáñez"];
    const three = ["María José Núñez Ibáñez", "Jordi Puig Soler", "Ana Pérez García"];
    const write = (name: string, bytes: Uint8Array) => {
      writeFileSync(path.join(out, name), bytes);
      console.log(`${name}\t${bytes.byteLength} bytes`);
    };

    write("single.pdf", await productFile(one, bb, "yes"));
    write("single-control.pdf", await productFile(one, bb, "no"));
    write("three.pdf", await productFile(three, bb, "yes"));
    write("three-control.pdf", await productFile(three, bb, "no"));
    write("single-pages-only.pdf", await productFile(one, bb, "pages-only"));
    write("lta.pdf", await productFile(one, lt, "yes"));
    write("lta-control.pdf", await productFile(one, lt, "no"));

    // (a) the document without certificate pages, and the certificate as its own sealed PDF.
    write("design-a-document.pdf", await productFile(three, lt, "no"));
    write("design-a-certificate.pdf", await seal(await renderAuditCertificate(certificateData(three)), lt, "cert0001"));

    // (b) reserve 3 pages before the first signer, sign on the contract's last page, fill at seal time.
    const base = await contract();
    const contractPages = (await PDFDocument.load(base)).getPageCount();
    let b = await reserveCertificatePages(base, 3);
    b = await signAll(b, three, lt, contractPages);
    const rendered = await renderAuditCertificate(certificateData(three));
    b = await fillCertificatePages(b, rendered, "Certificado de auditoría a1b2c3d4e5f60718293a4b5c6d7e8f90");
    write("design-b.pdf", await seal(b, lt));
    // (b) on an upload that already carries a signature (made here by our signer): reserving pages breaks it.
    write("design-b-on-signed-upload.pdf", await reserveCertificatePages(await signAll(base, ["Firma externa previa"], bb), 3));
    console.log(`rendered certificate pages: ${(await PDFDocument.load(rendered)).getPageCount()}`);
  } finally {
    await tsa.stop();
    await ocsp.stop();
    pki.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
