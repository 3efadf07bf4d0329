import { PDFArray, PDFDocument, PDFName, PDFNumber, PDFRef, StandardFonts } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { developmentCredentials, type SigningCredentials } from "@/lib/pdf/credentials";
import { analyseRevisions, type SignatureRevisionReport } from "@/lib/pdf/revision-analysis";
import { sealPdf, signPdf } from "@/lib/pdf/sign-pdf";

/**
 * The revision invariant checker (lib/pdf/revision-analysis.ts) on files made here with our own signing code: the
 * changes signing, sealing and LTV data make pass, and each kind of change pyHanko rejects after a signature is
 * OTHER, with a reason naming it. The levels are pyHanko 0.36's (tools/pyhanko/compare-checker.ts compares them on
 * the sample files).
 */

let credentials: SigningCredentials;
let png: Uint8Array;

beforeAll(async () => {
  credentials = await developmentCredentials();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 110 90, 290 40" stroke="#1e3a8a" stroke-width="5" fill="none"/></svg>`;
  png = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}, 30_000);

/** A two-page contract; `prepare` may add what the upload already has (a form field, an annotation). */
async function contract(prepare?: (doc: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 2; i++) doc.addPage([595, 842]).drawText(`Contrato, pagina ${i}`, { x: 72, y: 760, size: 16, font });
  await prepare?.(doc);
  return doc.save({ useObjectStreams: false });
}

/** A visible signature on the last page, in the n-th slot, as the product's signers sign. */
function sign(pdf: Uint8Array, n: number): Promise<Uint8Array> {
  return signPdf(pdf, {
    signer: { name: `Firmante ${n}`, reason: `Firmado por Firmante ${n}` },
    appearance: { png, page: 2, rect: { x: 36 + (n - 1) * 170, y: 36, width: 160, height: 72 }, caption: [`Firmante ${n}`] },
    fieldName: `Firma_${n}`,
    credentials,
  });
}

function seal(pdf: Uint8Array): Promise<Uint8Array> {
  return sealPdf(pdf, { organization: { name: "Plataforma Pruebas" }, reason: "Sello", credentials, fieldName: "Sello_1" });
}

/** One incremental update made with pdf-lib, as a third-party tool (or our own seal job) would write it. */
async function update(pdf: Uint8Array, change: (doc: PDFDocument) => void | Promise<void>, useObjectStreams = false): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false });
  await change(doc);
  return doc.save({ useObjectStreams });
}

function byField(reports: SignatureRevisionReport[]): Record<string, SignatureRevisionReport> {
  return Object.fromEntries(reports.map((report) => [report.field, report]));
}

describe("revision analysis: what signing, sealing and LTV data change", () => {
  it("a second visible signer is FORM_FILLING for the first; the last signature covers the whole file", async () => {
    const first = await sign(await contract(), 1);
    const reports = await analyseRevisions(await sign(first, 2));
    expect(reports).toEqual([
      { field: "Firma_1", kind: "signature", revision: 1, level: "FORM_FILLING", problems: [] },
      { field: "Firma_2", kind: "signature", revision: 2, level: "NONE", problems: [] },
    ]);
  });

  it("the invisible seal, then a DSS in an xref-stream update: the seal sees LTA_UPDATES", async () => {
    const sealed = await seal(await sign(await contract(), 1));
    // A DSS revision like addLongTermValidation's, written with an xref stream and an object stream.
    const withDss = await update(
      sealed,
      (doc) => {
        const certificate = doc.context.register(doc.context.stream(credentials.certificate));
        doc.catalog.set(PDFName.of("DSS"), doc.context.obj({ Type: "DSS", Certs: [certificate] }));
      },
      true,
    );
    const reports = byField(await analyseRevisions(withDss));
    expect(reports.Sello_1).toMatchObject({ kind: "signature", revision: 2, level: "LTA_UPDATES", problems: [] });
    // pyHanko: even an invisible signature field's (empty) appearance stream counts as form filling for the
    // signatures before it (single-control.pdf in tools/pyhanko/FINDINGS.md), so the signer stays FORM_FILLING.
    expect(reports.Firma_1).toMatchObject({ revision: 1, level: "FORM_FILLING", problems: [] });
  });

  it("filling an existing text field after a signature is FORM_FILLING", async () => {
    const upload = await contract((doc) => {
      doc.getForm().createTextField("Observaciones").addToPage(doc.getPage(0), { x: 72, y: 600, width: 300, height: 24 });
    });
    const signed = await sign(upload, 1);
    const filled = await update(signed, (doc) => doc.getForm().getTextField("Observaciones").setText("Sin observaciones"));
    expect(byField(await analyseRevisions(filled)).Firma_1).toMatchObject({ level: "FORM_FILLING", problems: [] });
  });
});

describe("revision analysis: changes that make a signature INVALID (OTHER)", () => {
  it("a page appended after a signature: the page tree", async () => {
    const signed = await sign(await contract(), 1);
    const appended = await update(signed, (doc) => void doc.addPage([595, 842]));
    const [report] = await analyseRevisions(await seal(appended));
    expect(report).toMatchObject({ field: "Firma_1", revision: 1, level: "OTHER" });
    expect(report!.problems.join("\n")).toMatch(/page tree \/Root\/Pages .* \(2 pages at signing, 3 now\): \/Count 2 → 3/);
  });

  it("a catalog key added after a signature: the key", async () => {
    const signed = await sign(await contract(), 1);
    const marked = await update(signed, (doc) => doc.catalog.set(PDFName.of("RubricaAuditCertificate"), doc.context.obj(true)));
    const [report] = await analyseRevisions(await seal(marked));
    expect(report!.level).toBe("OTHER");
    expect(report!.problems).toEqual([expect.stringMatching(/^revision 2: document catalog: key \/RubricaAuditCertificate added/)]);
  });

  it("a new text field after a signature: more form fields than expected", async () => {
    const signed = await sign(await contract(), 1);
    const withField = await update(signed, (doc) => {
      doc.getForm().createTextField("Comentario").addToPage(doc.getPage(0), { x: 72, y: 600, width: 300, height: 24 });
    });
    const [report] = await analyseRevisions(withField);
    expect(report!.level).toBe("OTHER");
    expect(report!.problems.join("\n")).toContain('More form fields added than expected: new field "Comentario" (/FT /Tx)');
  });

  it("an annotation removed after a signature", async () => {
    const upload = await contract((doc) => {
      const note = doc.context.register(doc.context.obj({ Type: "Annot", Subtype: "Text", Rect: [72, 700, 92, 720], Contents: "Nota" }));
      doc.getPage(0).node.set(PDFName.of("Annots"), doc.context.obj([note]));
    });
    const signed = await sign(upload, 1);
    const removed = await update(signed, (doc) => doc.getPage(0).node.set(PDFName.of("Annots"), doc.context.obj([])));
    const [report] = await analyseRevisions(removed);
    expect(report!.level).toBe("OTHER");
    expect(report!.problems.join("\n")).toMatch(/page 1 \d+ 0 R: annotation \d+ 0 R was removed from \/Annots after signing/);
  });

  it("an object freed after a signature", async () => {
    const signed = await sign(await contract(), 1);
    // A hand-written update whose xref section frees the first page's content stream.
    const doc = await PDFDocument.load(signed, { updateMetadata: false });
    const contents = doc.getPage(0).node.Contents();
    const first = contents instanceof PDFArray ? contents.get(0) : contents;
    if (!(first instanceof PDFRef)) throw new Error("test setup: page 1 has no content stream object");
    const freed = first.objectNumber;
    const size = (doc.context.trailerInfo.Size as PDFNumber).asNumber();
    const root = doc.context.trailerInfo.Root as PDFRef;
    const prev = Buffer.from(signed).toString("latin1").lastIndexOf("startxref");
    const prevOffset = Number(/startxref\s+(\d+)/.exec(Buffer.from(signed).toString("latin1").slice(prev))![1]);
    const xref = `xref\n0 1\n0000000000 65535 f \n${freed} 1\n0000000000 00001 f \n`;
    const tail = `${xref}trailer\n<< /Size ${size} /Root ${root.toString()} /Prev ${prevOffset} >>\nstartxref\n${signed.byteLength}\n%%EOF\n`;
    const withFreed = new Uint8Array(Buffer.concat([Buffer.from(signed), Buffer.from(tail, "latin1")]));
    const [report] = await analyseRevisions(withFreed);
    expect(report!.level).toBe("OTHER");
    expect(report!.problems).toContain(`revision 2: object ${freed} 0 R was freed (deleted) in revision 2`);
  });
});
