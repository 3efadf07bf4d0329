import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "@cantoo/pdf-lib";
import { Queue, Worker } from "bullmq";
import ExcelJS from "exceljs";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as commitRoute } from "@/app/api/documents/batch/route";
import { POST as previewRoute } from "@/app/api/documents/batch/preview/route";
import { GET as templateRoute } from "@/app/api/documents/batch/template/route";
import { db } from "@/lib/db/client";
import { shipmentsQueue } from "@/lib/documents/shipment-jobs";
import { queueConnection } from "@/lib/queue/connection";
import { closeProducers } from "@/lib/queue/enqueue";
import { startWorkers, type StartedWorkers } from "@/workers/start";
import { randomHex } from "@/lib/security/random";
import { storage } from "@/lib/storage";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";
import { peers } from "./setup";
import { clientAddressHeaders, sendRequest } from "../support/http";

type RowError = { row: number; column: string | null; errorCode: string; message: string; onlyWhenSending?: true };
type Preview = {
  totalRows: number;
  shipmentCount: number;
  invalidRows: number;
  rowsNotReadyToSend: number;
  shipments: {
    key: string;
    rows: number[];
    title: string;
    flow: { name: string; fromDefault: boolean } | null;
    documentType: string | null;
    file: { name: string; pages: number } | null;
    orders: { position: number; minSigners: number }[];
  }[];
  rows: { row: number; shipment: string | null; values: Record<string, string>; errors: RowError[] }[];
  unusedFiles: string[];
};
type Created = { sent: boolean; created: number; shipments: { key: string; documentHexId: string; title: string }[] };
type Failure = { errorCode?: string; message?: string; invalid?: number; errors?: RowError[] };

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let operatorA: string;
let adminAUserId: number;
let notarialFlow: string;
let foreignFlow: string;
let queue: Queue;
let worker: Worker;
let workers: StartedWorkers;

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [a, op] = await Promise.all([createTestUser(orgA), createTestUser(orgA, { role: "operator" })]);
  [adminA, operatorA] = await Promise.all([signIn(a.email), signIn(op.email)]);
  adminAUserId = a.id;
  notarialFlow = `Firma notarial ${randomHex(3)}`;
  foreignFlow = `Flujo ajeno ${randomHex(3)}`;
  await db.flow.create({ data: { organizationId: orgA.organization.id, name: notarialFlow, kind: "SIGNATURE", active: true } });
  await db.flow.create({ data: { organizationId: orgB.organization.id, name: foreignFlow, kind: "SIGNATURE", active: true } });
  await db.documentType.create({ data: { organizationId: orgA.organization.id, name: "Poder notarial" } });
  queue = new Queue(shipmentsQueue, { connection: queueConnection() });
  // The worker process's own wiring (workers/start.ts), on the shipments queue only.
  workers = await startWorkers({ queues: [shipmentsQueue] });
  worker = workers.worker(shipmentsQueue);
  await worker.waitUntilReady();
});

afterAll(async () => {
  await workers.close();
  await queue.obliterate({ force: true });
  await queue.close();
  await closeProducers();
});

const day = 24 * 3600_000;
/** A day `days` from now as YYYY-MM-DD (the test organisations keep organization_tz at UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * day).toISOString().slice(0, 10);

async function pdfBytes(label: string, pages = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([300, 400]).drawText(`${label} ${i + 1} ${randomHex(4)}`, { x: 20, y: 350, size: 12 });
  return pdf.save();
}

type Attached = { name: string; bytes: Uint8Array | string };

function batchRequest(
  url: string,
  token: string,
  sheet: Attached,
  files: Attached[],
  send?: boolean,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  const bytesOf = (file: Attached) => (typeof file.bytes === "string" ? new TextEncoder().encode(file.bytes) : file.bytes);
  form.set("sheet", new File([bytesOf(sheet) as BlobPart], sheet.name));
  for (const file of files) form.append("files", new File([bytesOf(file) as BlobPart], file.name, { type: "application/pdf" }));
  if (send !== undefined) form.set("send", String(send));
  return new NextRequest(url, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, ...clientAddressHeaders("203.0.113.40"), ...headers },
  });
}

async function preview(token: string, sheet: Attached, files: Attached[], headers: Record<string, string> = {}) {
  const response = await sendRequest(
    previewRoute,
    batchRequest("http://127.0.0.1:3000/api/documents/batch/preview", token, sheet, files, undefined, headers),
  );
  return { status: response.status, body: (await response.json()) as Preview & Failure };
}

async function commit(token: string, sheet: Attached, files: Attached[], send = false) {
  const response = await sendRequest(commitRoute, batchRequest("http://127.0.0.1:3000/api/documents/batch", token, sheet, files, send));
  return { status: response.status, body: (await response.json()) as Created & Failure };
}

async function template(token: string, format: string, locale = "es-es") {
  const url = new URL("http://127.0.0.1:3000/api/documents/batch/template");
  url.searchParams.set("format", format);
  return sendRequest(templateRoute, new NextRequest(url, { headers: { authorization: `Bearer ${token}`, "accept-language": locale } }));
}

const csv = (lines: string[]) => lines.join("\r\n");

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Envíos");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function storedFiles(): number {
  const root = path.resolve(process.env.STORAGE_DIR!);
  const walk = (dir: string): number =>
    readdirSync(dir).reduce((n, entry) => (statSync(path.join(dir, entry)).isDirectory() ? n + walk(path.join(dir, entry)) : n + 1), 0);
  try {
    return walk(root);
  } catch {
    return 0;
  }
}

async function counts(org: TestOrganization) {
  const where = { document: { organizationId: org.organization.id } };
  const [documents, signers, files, orders] = await Promise.all([
    db.document.count({ where: { organizationId: org.organization.id } }),
    db.signer.count({ where }),
    db.documentFile.count({ where }),
    db.signerOrder.count({ where }),
  ]);
  return { documents, signers, files, orders, stored: storedFiles() };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const spanishHeader =
  "envío;título;descripción;fecha de expiración;flujo;tipo de documento;archivo;orden;mínimo de firmantes;nombre;apellidos;correo electrónico;teléfono;obligatorio;puede rechazar;idioma";

describe("batch import as drafts", () => {
  it("creates every shipment of a CSV with Spanish headers, with its signers, orders, flow, type and file", async () => {
    const expiration = dayFromNow(20);
    const contrato = { name: "contrato-lote.pdf", bytes: await pdfBytes("Contrato", 3) };
    const anexo = { name: "Anexo.pdf", bytes: await pdfBytes("Anexo") };
    const sheet = {
      name: "envios.csv",
      bytes: csv([
        spanishHeader,
        `A-1;Contrato de arras;Compraventa del piso;${expiration};${notarialFlow};Poder notarial;contrato-lote.pdf;1;1;Lucía;Ortega;Lucia.Ortega@Example.TEST;+34 611 000 101;sí;no;en-us`,
        "A-1;;;;;;;1;;Marcos;Ibáñez;marcos@ibanez.test;;no;sí;",
        "A-1;;;;;;;2;;Notaría;Central;;+34611000103;;;es",
        `B-2;Anexo de servicios;Anexo al contrato;${expiration};;;anexo.pdf;;;Elena;Ruiz;elena@ruiz.test;;;;`,
      ]),
    };
    const before = await counts(orgA);
    const { status, body } = await commit(adminA, sheet, [contrato, anexo]);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ sent: false, created: 2 });
    expect(body.shipments.map((s) => [s.key, s.title])).toEqual([
      ["A-1", "Contrato de arras"],
      ["B-2", "Anexo de servicios"],
    ]);
    const after = await counts(orgA);
    expect(after).toMatchObject({
      documents: before.documents + 2,
      signers: before.signers + 4,
      files: before.files + 2,
      orders: before.orders + 3,
      stored: before.stored + 2,
    });

    const a = await db.document.findUniqueOrThrow({
      where: { hexId: body.shipments[0]!.documentHexId },
      include: {
        flow: true,
        files: { include: { documentType: true } },
        orders: { orderBy: { position: "asc" } },
        signers: { orderBy: [{ position: "asc" }, { id: "asc" }] },
      },
    });
    expect(a).toMatchObject({
      organizationId: orgA.organization.id,
      senderId: adminAUserId,
      status: "DRAFT",
      title: "Contrato de arras",
      description: "Compraventa del piso",
    });
    // A day is the end of that day on the organisation's clocks (UTC here).
    expect(a.expirationDate?.toISOString()).toBe(`${expiration}T23:59:59.999Z`);
    expect(a.flow?.name).toBe(notarialFlow);
    expect(a.files).toHaveLength(1);
    expect(a.files[0]).toMatchObject({
      fileName: "contrato-lote.pdf",
      pages: 3,
      size: contrato.bytes.byteLength,
      sha256: sha256(contrato.bytes),
    });
    expect(a.files[0]!.documentType?.name).toBe("Poder notarial");
    expect(await storage().get(a.files[0]!.storageKey)).toEqual(contrato.bytes);
    // Order 1 asks for one of its two signers; order 2, left blank, for all of its one.
    expect(a.orders.map((o) => [o.position, o.minSigners])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(
      a.signers.map((s) => [s.position, s.firstName, s.lastName, s.email, s.cellPhone, s.mandatory, s.canReject, s.preferredLanguage]),
    ).toEqual([
      [1, "Lucía", "Ortega", "lucia.ortega@example.test", "+34611000101", true, false, "en_us"],
      [1, "Marcos", "Ibáñez", "marcos@ibanez.test", null, false, true, "es_es"],
      [2, "Notaría", "Central", null, "+34611000103", true, true, "es_es"],
    ]);

    const b = await db.document.findUniqueOrThrow({
      where: { hexId: body.shipments[1]!.documentHexId },
      include: { flow: true, files: { include: { documentType: true } }, orders: true },
    });
    expect(b.flow?.name).toBe("Firma simple");
    expect(b.files[0]).toMatchObject({ fileName: "Anexo.pdf", pages: 1 });
    expect(b.files[0]!.documentType?.name).toBe("Contrato");
    expect(b.orders.map((o) => [o.position, o.minSigners])).toEqual([[1, 1]]);

    const logs = await db.operationLog.findMany({
      where: { organizationId: orgA.organization.id, operationEventId: { in: ["DOCUMENT_BATCH_IMPORT", "DOCUMENT_DRAFT_CREATE"] } },
      orderBy: { id: "asc" },
    });
    expect(logs.filter((l) => l.operationEventId === "DOCUMENT_DRAFT_CREATE").map((l) => l.detail)).toEqual(
      expect.arrayContaining([expect.stringContaining(`recordId=${a.hexId};`), expect.stringContaining(`recordId=${b.hexId};`)]),
    );
    expect(logs.at(-1)?.detail).toContain("import 2 shipments with 4 signers as drafts");
  });

  it("creates the shipments of an XLSX made with exceljs, with English headers, date cells and number cells", async () => {
    const expiration = new Date(`${dayFromNow(15)}T00:00:00.000Z`);
    const pdf = { name: "nda.pdf", bytes: await pdfBytes("NDA", 2) };
    const bytes = await xlsx([
      [
        "Shipment",
        "Title",
        "Description",
        "Expiration date",
        "File",
        "Order",
        "Min signers",
        "First name",
        "Last name",
        "Email",
        "Phone",
        "Mandatory",
        "Can reject",
        "Language",
      ],
      [
        "N1",
        "Non-disclosure agreement",
        "NDA to sign",
        expiration,
        "nda.pdf",
        1,
        2,
        "Emma",
        "Smith",
        "emma@smith.test",
        "+447700900001",
        "yes",
        "yes",
        "en-us",
      ],
      ["N1", "", "", "", "", 1, "", "Oliver", "Brown", "oliver@brown.test", "", "", "no", "en"],
      ["N2", "Second agreement", "Another NDA", expiration, "nda.pdf", 1, "", "Jack", "Jones", "jack@jones.test", "", "", "", ""],
    ]);
    const previewed = await preview(adminA, { name: "shipments.xlsx", bytes }, [pdf]);
    expect(previewed.status, JSON.stringify(previewed.body)).toBe(200);
    expect(previewed.body).toMatchObject({ totalRows: 3, shipmentCount: 2, invalidRows: 0, rowsNotReadyToSend: 0, unusedFiles: [] });
    expect(previewed.body.shipments[0]).toMatchObject({
      key: "N1",
      rows: [2, 3],
      title: "Non-disclosure agreement",
      flow: { name: "Firma simple", fromDefault: true },
      file: { name: "nda.pdf", pages: 2 },
      orders: [{ position: 1, minSigners: 2 }],
    });

    const { status, body } = await commit(adminA, { name: "shipments.xlsx", bytes }, [pdf]);
    expect(status, JSON.stringify(body)).toBe(201);
    const documents = await db.document.findMany({
      where: { hexId: { in: body.shipments.map((s) => s.documentHexId) } },
      include: { signers: { orderBy: { id: "asc" } }, files: true },
      orderBy: { id: "asc" },
    });
    expect(documents.map((d) => [d.title, d.expirationDate?.toISOString(), d.signers.length])).toEqual([
      ["Non-disclosure agreement", `${dayFromNow(15)}T23:59:59.999Z`, 2],
      ["Second agreement", `${dayFromNow(15)}T23:59:59.999Z`, 1],
    ]);
    expect(documents[0]!.signers.map((s) => [s.email, s.cellPhone, s.canReject, s.preferredLanguage])).toEqual([
      ["emma@smith.test", "+447700900001", true, "en_us"],
      ["oliver@brown.test", null, false, "en_us"],
    ]);
    // One PDF named by two shipments: each gets its own stored copy, so deleting one draft keeps the other's.
    expect(documents[0]!.files[0]!.storageKey).not.toBe(documents[1]!.files[0]!.storageKey);
    expect(documents[1]!.files[0]!.sha256).toBe(sha256(pdf.bytes));
  });
});

describe("all or nothing", () => {
  const good = (expiration: string) => [
    spanishHeader,
    `C-1;Contrato uno;Primer contrato;${expiration};;;uno.pdf;;;Ana;Gil;ana@gil.test;;;;`,
    `C-1;;;;;;;;;Bruno;Gil;bruno@gil.test;;;;`,
  ];

  it("a bad row among good ones creates nothing, leaves no stored file, and answers that row's error in Spanish", async () => {
    const expiration = dayFromNow(10);
    const sheet = {
      name: "lote.csv",
      bytes: csv([
        ...good(expiration),
        `C-2;Contrato dos;Segundo contrato;${expiration};;;dos.pdf;;;Carla;Gil;carla@@gil;;;;`,
        `C-3;Contrato tres;Tercer contrato;${expiration};;;uno.pdf;;;Diego;Gil;diego@gil.test;;;;`,
      ]),
    };
    const files = [
      { name: "uno.pdf", bytes: await pdfBytes("Uno") },
      { name: "dos.pdf", bytes: await pdfBytes("Dos") },
    ];
    const before = await counts(orgA);
    const previewed = await preview(adminA, sheet, files);
    expect(previewed.body).toMatchObject({ totalRows: 4, shipmentCount: 3, invalidRows: 1 });
    expect(previewed.body.rows.find((r) => r.row === 4)!.errors).toEqual([
      { row: 4, column: "email", errorCode: "INVALID_EMAIL", message: "El correo electrónico no es válido." },
    ]);
    expect(previewed.body.rows.filter((r) => r.row !== 4).every((r) => r.errors.length === 0)).toBe(true);

    const { status, body } = await commit(adminA, sheet, files);
    expect(status).toBe(422);
    expect(body).toMatchObject({
      errorCode: "BATCH_IMPORT_INVALID_ROWS",
      invalid: 1,
      message: "Una fila tiene errores: no se ha creado ningún envío. Corríjalas y vuelva a intentarlo.",
    });
    expect(body.errors).toEqual([{ row: 4, column: "email", errorCode: "INVALID_EMAIL", message: "El correo electrónico no es válido." }]);
    expect(await counts(orgA)).toEqual(before);
    expect(await db.signer.count({ where: { email: { in: ["ana@gil.test", "diego@gil.test"] } } })).toBe(0);
  });

  it("a transaction that fails after the PDFs were stored keeps no shipment and removes the stored files", async () => {
    const sheet = {
      name: "lote.csv",
      bytes: csv([...good(dayFromNow(10)), `C-2;Contrato dos;Segundo;${dayFromNow(10)};;;uno.pdf;;;Fallo;Forzado;fallo@forzado.test;;;;`]),
    };
    const files = [{ name: "uno.pdf", bytes: await pdfBytes("Uno") }];
    // The database refuses one signer only once everything has been checked and the files stored.
    await db.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION batch_import_test_refuse() RETURNS trigger AS $$ BEGIN IF NEW."firstName" = 'Fallo' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER batch_import_test_refuse BEFORE INSERT ON "Signer" FOR EACH ROW EXECUTE FUNCTION batch_import_test_refuse()`,
    );
    const before = await counts(orgA);
    try {
      const { status, body } = await commit(adminA, sheet, files);
      expect(status).toBe(500);
      expect(body.errorCode).toBe("SERVER_ERROR");
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS batch_import_test_refuse ON "Signer"`);
      await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS batch_import_test_refuse()`);
    }
    expect(await counts(orgA)).toEqual(before);
  });
});

describe("the rules of a single shipment, row by row", () => {
  it("marks each row with what /prepare-document would refuse, with the same messages", async () => {
    const pdf = { name: "regla.pdf", bytes: await pdfBytes("Regla") };
    const ok = dayFromNow(10);
    const sheet = {
      name: "reglas.csv",
      bytes: csv([
        spanishHeader,
        `R1;Reglas;Duplicados;${ok};;;regla.pdf;;;Ana;Sanz;ana@sanz.test;;;;`,
        "R1;;;;;;;;;Ana;Otra;ANA@sanz.test;;;;",
        `R2;Reglas;Mínimo;${ok};;;regla.pdf;1;3;Berta;Sanz;berta@sanz.test;;;;`,
        "R2;;;;;;;1;;Carlos;Sanz;carlos@sanz.test;;;;",
        "R3;Reglas;Vencido;2020-01-01;;;regla.pdf;;;Dora;Sanz;;600;;;",
        `R4;Reglas;Sin canal;${ok};;Inexistente;falta.pdf;x;;Eva;Sanz;;;quizá;;fr`,
        `R4;Otro título;;;;;;;;Félix;Sanz;felix@sanz.test;;;;`,
        `R5;Reglas;Sin nombre;${ok};;;regla.pdf;;;;Sanz;gil@sanz.test;;;;`,
      ]),
    };
    const { status, body } = await preview(adminA, sheet, [pdf]);
    expect(status, JSON.stringify(body)).toBe(200);
    const errors = (row: number) => body.rows.find((r) => r.row === row)!.errors.map((e) => [e.column, e.errorCode, e.message]);
    expect(errors(2)).toEqual([]);
    expect(errors(3)).toEqual([["email", "SHIPMENT_SIGNER_DUPLICATE", "El firmante ya está en la lista."]]);
    expect(errors(4)).toEqual([
      [
        "minSigners",
        "SHIPMENT_MIN_SIGNERS_INVALID",
        "El mínimo de firmantes no es válido: no puede ser cero ni superar el número de firmantes.",
      ],
    ]);
    expect(errors(6)).toEqual([
      ["expirationDate", "SHIPMENT_EXPIRATION_INVALID", "La fecha de expiración no es válida."],
      ["phone", "INVALID_PHONE", "El número de teléfono no es válido. Use el formato internacional, por ejemplo +34600000000."],
    ]);
    expect(errors(7)).toEqual([
      ["documentType", "BATCH_DOCUMENT_TYPE_NOT_FOUND", "No existe ningún tipo de documento llamado «Inexistente»."],
      ["file", "BATCH_PDF_NOT_ATTACHED", "No se ha adjuntado el PDF «falta.pdf»."],
      ["order", "BATCH_ORDER_INVALID", "El orden debe ser un número entero entre 1 y 50."],
      ["email", "EMAIL_OR_PHONE_REQUIRED", "Debe indicar un teléfono o un correo electrónico válido."],
      ["mandatory", "BATCH_BOOLEAN_INVALID", "Escriba sí o no."],
      ["language", "BATCH_LANGUAGE_INVALID", "El idioma debe ser es-es o en-us."],
    ]);
    expect(errors(8)).toEqual([["title", "BATCH_VALUE_CONFLICT", "No coincide con el valor de la fila 7 del mismo envío."]]);
    expect(errors(9)).toEqual([["firstName", "EMPTY_FIELD", "El campo no puede estar vacío."]]);
    expect(body).toMatchObject({ totalRows: 8, shipmentCount: 5, invalidRows: 6 });
    const english = await preview(adminA, sheet, [pdf], { "accept-language": "en-US" });
    expect(english.body.rows.find((r) => r.row === 3)!.errors[0]!.message).toBe("The signer is already in the list.");
  });

  it("refuses a file that is not a PDF by its content, whatever its name says", async () => {
    const sheet = {
      name: "lote.csv",
      bytes: csv([spanishHeader, `P1;Falso PDF;Texto;${dayFromNow(5)};;;nota.pdf;;;Ana;Gil;ana.pdf@gil.test;;;;`]),
    };
    const before = await counts(orgA);
    const { status, body } = await commit(adminA, sheet, [{ name: "nota.pdf", bytes: "esto no es un pdf" }]);
    expect(status).toBe(422);
    expect(body.errors).toEqual([{ row: 2, column: "file", errorCode: "SHIPMENT_FILE_NOT_PDF", message: "El archivo debe ser un PDF." }]);
    expect(await counts(orgA)).toEqual(before);
  });

  it("does not find another organisation's flow by its title", async () => {
    const sheet = {
      name: "lote.csv",
      bytes: csv([spanishHeader, `F1;Flujo ajeno;Prueba;${dayFromNow(5)};${foreignFlow};;uno.pdf;;;Ana;Gil;ana.flujo@gil.test;;;;`]),
    };
    const before = await counts(orgA);
    const { status, body } = await commit(adminA, sheet, [{ name: "uno.pdf", bytes: await pdfBytes("Uno") }]);
    expect(status).toBe(422);
    expect(body.errors).toEqual([
      {
        row: 2,
        column: "flow",
        errorCode: "BATCH_FLOW_NOT_FOUND",
        message: `No existe ningún flujo de firma con el título «${foreignFlow}».`,
      },
    ]);
    expect(await counts(orgA)).toEqual(before);
    expect(await db.document.count({ where: { organizationId: orgB.organization.id } })).toBe(0);
  });

  it("refuses the whole file for a missing column, too many rows, no spreadsheet or two PDFs of one name", async () => {
    const missing = await preview(adminA, { name: "lote.csv", bytes: "envío;título;nombre;apellidos\n1;A;Ana;Gil" }, []);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      errorCode: "BATCH_IMPORT_HEADERS",
      message: "Faltan columnas en la cabecera del archivo: file, email / phone.",
    });
    const rows = Array.from({ length: 501 }, (_, i) => `S${i};T;D;${dayFromNow(5)};;;a.pdf;;;Ana;Gil;ana${i}@gil.test;;;;`);
    const tooMany = await preview(adminA, { name: "lote.csv", bytes: csv([spanishHeader, ...rows]) }, []);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({
      errorCode: "BATCH_IMPORT_TOO_LARGE",
      message: "El archivo supera el límite de 2 MB o de 500 filas.",
    });
    const form = new FormData();
    form.set("send", "false");
    const noSheet = await sendRequest(
      commitRoute,
      new NextRequest("http://127.0.0.1:3000/api/documents/batch", {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${adminA}` },
      }),
    );
    expect(noSheet.status).toBe(400);
    expect(((await noSheet.json()) as Failure).errorCode).toBe("BATCH_IMPORT_SHEET_REQUIRED");
    const pdf = await pdfBytes("Uno");
    const twice = await preview(
      adminA,
      { name: "lote.csv", bytes: csv([spanishHeader, `S;T;D;${dayFromNow(5)};;;a.pdf;;;Ana;Gil;ana@gil.test;;;;`]) },
      [
        { name: "a.pdf", bytes: pdf },
        { name: "A.PDF", bytes: pdf },
      ],
    );
    expect(twice.body).toMatchObject({
      errorCode: "BATCH_IMPORT_PDF_REPEATED",
      message: "Ha adjuntado dos PDF con el mismo nombre: A.PDF.",
    });
  });
});

describe("import and send", () => {
  it("sends every shipment after creating it: the first order's signers receive their invitations", async () => {
    const tag = randomHex(3);
    const [first, second, later] = [`primera.${tag}@example.test`, `segunda.${tag}@example.test`, `despues.${tag}@example.test`];
    const sheet = {
      name: "envio.csv",
      bytes: csv([
        spanishHeader,
        `E1;Contrato enviado;Para firmar;${dayFromNow(9)};;;e.pdf;1;;Irene;Mora;${first};;;;`,
        `E1;;;;;;;2;;Jorge;Mora;${later};;;;`,
        `E2;Otro enviado;Para firmar;${dayFromNow(9)};;;e.pdf;;;Karen;Mora;${second};;;;en-us`,
      ]),
    };
    const { status, body } = await commit(adminA, sheet, [{ name: "e.pdf", bytes: await pdfBytes("Enviado") }], true);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ sent: true, created: 2 });
    const documents = await db.document.findMany({ where: { hexId: { in: body.shipments.map((s) => s.documentHexId) } } });
    expect(documents.map((d) => d.status)).toEqual(["SENT", "SENT"]);
    const toFirst = await peers.mail.waitFor((m) => m.to.includes(first), 10_000);
    expect(toFirst.subject).toContain("Contrato enviado");
    const toSecond = await peers.mail.waitFor((m) => m.to.includes(second), 10_000);
    expect(toSecond.subject).toContain("Otro enviado");
    const laterSigner = await db.signer.findFirstOrThrow({ where: { email: later } });
    expect(laterSigner.invitedAt).toBeNull();
    expect(peers.mail.messages.some((m) => m.to.includes(later))).toBe(false);
    const sends = await db.operationLog.count({
      where: { organizationId: orgA.organization.id, operationEventId: "DOCUMENT_SEND", detail: { contains: documents[0]!.hexId } },
    });
    expect(sends).toBe(1);
  });

  it("lets a shipment without description be imported as a draft, but not sent", async () => {
    const sheet = {
      name: "borrador.csv",
      bytes: csv([spanishHeader, `D1;Sin descripción;;${dayFromNow(9)};;;d.pdf;;;Luis;Mora;luis.borrador@example.test;;;;`]),
    };
    const files = [{ name: "d.pdf", bytes: await pdfBytes("Borrador") }];
    const previewed = await preview(adminA, sheet, files);
    expect(previewed.body).toMatchObject({ invalidRows: 0, rowsNotReadyToSend: 1 });
    expect(previewed.body.rows[0]!.errors).toEqual([
      {
        row: 2,
        column: "description",
        errorCode: "SHIPMENT_DATA_REQUIRED",
        message: "Indique el título, la descripción y la fecha de expiración antes de enviar.",
        onlyWhenSending: true,
      },
    ]);
    const before = await counts(orgA);
    const refused = await commit(adminA, sheet, files, true);
    expect(refused.status).toBe(422);
    expect(refused.body.errors!.map((e) => e.errorCode)).toEqual(["SHIPMENT_DATA_REQUIRED"]);
    expect(await counts(orgA)).toEqual(before);
    const drafts = await commit(adminA, sheet, files, false);
    expect(drafts.status).toBe(201);
    expect((await db.document.findUniqueOrThrow({ where: { hexId: drafts.body.shipments[0]!.documentHexId } })).status).toBe("DRAFT");
  });
});

describe("the template and who may import", () => {
  it("downloads an XLSX template in the caller's language that previews without errors once its PDFs are attached", async () => {
    const response = await template(adminA, "xlsx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("plantilla-envios.xlsx");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const [shipments, help] = workbook.worksheets;
    expect((shipments!.getRow(1).values as unknown[]).slice(1, 4)).toEqual(["envío", "título", "descripción"]);
    const helpText = JSON.stringify(help!.getSheetValues());
    expect(helpText).toContain(notarialFlow);
    expect(helpText).toContain("Poder notarial");
    expect(helpText).not.toContain(foreignFlow);
    const previewed = await preview(adminA, { name: "plantilla-envios.xlsx", bytes }, [
      { name: "contrato-1.pdf", bytes: await pdfBytes("Uno") },
      { name: "contrato-2.pdf", bytes: await pdfBytes("Dos") },
    ]);
    expect(previewed.body).toMatchObject({ totalRows: 3, shipmentCount: 2, invalidRows: 0, rowsNotReadyToSend: 0 });

    const csvTemplate = await template(adminA, "csv", "en-US");
    expect(csvTemplate.headers.get("content-type")).toContain("text/csv");
    expect((await csvTemplate.text()).replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toBe(
      "shipment,title,description,expirationDate,flow,documentType,file,order,minSigners,firstName,lastName,email,phone,mandatory,canReject,language",
    );
  });

  it("refuses an Operador, whose role has no DOCUMENTO:IMPORT", async () => {
    const sheet = { name: "lote.csv", bytes: csv([spanishHeader, `O1;T;D;${dayFromNow(5)};;;o.pdf;;;Ana;Gil;ana.op@gil.test;;;;`]) };
    const files = [{ name: "o.pdf", bytes: await pdfBytes("Operador") }];
    const before = await counts(orgA);
    expect((await preview(operatorA, sheet, files)).status).toBe(403);
    const refused = await commit(operatorA, sheet, files);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe("FORBIDDEN");
    expect((await template(operatorA, "xlsx")).status).toBe(403);
    expect(await counts(orgA)).toEqual(before);
  });
});
