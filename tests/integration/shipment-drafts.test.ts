import { createHash } from "node:crypto";
import { PDFDocument } from "@cantoo/pdf-lib";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createContact } from "@/app/api/contacts/route";
import { POST as createDocument } from "@/app/api/documents/route";
import { DELETE as deleteDocument, GET as getDocument, PUT as updateDocument } from "@/app/api/documents/[documentHexId]/route";
import { POST as uploadFile } from "@/app/api/documents/[documentHexId]/files/route";
import { DELETE as deleteFile } from "@/app/api/documents/[documentHexId]/files/[fileHexId]/route";
import { PUT as putSigners } from "@/app/api/documents/[documentHexId]/signers/route";
import { PUT as putNotifications } from "@/app/api/documents/[documentHexId]/notifications/route";
import { rubricaPdfMarker } from "@/lib/documents/pdf-marker";
import { assertReadyToSend } from "@/lib/documents/assert-ready-to-send";
import type { DraftView } from "@/lib/documents/draft-records";
import { db } from "@/lib/db/client";
import { isAppError } from "@/lib/errors/app-error";
import { randomHex } from "@/lib/security/random";
import { storage } from "@/lib/storage";
import { twoOrganizations } from "../support/cast";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import type { TestOrganization } from "../support/fixtures";

type Failure = { errorCode?: string; message?: string };

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let operatorA: string;
let noRoleA: string;
let adminB: string;
let flowHexId: string;

const day = 24 * 3600 * 1000;
const future = (days: number) => new Date(Date.now() + days * day).toISOString();

beforeAll(async () => {
  ({ orgA, orgB, adminA, operatorA, noRoleA, adminB } = await twoOrganizations());
  flowHexId = (
    await db.flow.create({ data: { organizationId: orgA.organization.id, name: `Firma ${randomHex(3)}`, kind: "SIGNATURE", active: true } })
  ).hexId;
});

const documentPath = (hex: string) => `/api/documents/${hex}`;

async function createDraft(token = adminA, body: Record<string, unknown> = {}) {
  const response = await call<DraftView>(createDocument, "/api/documents", { body, token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A stored file row, as an upload leaves it; the upload handler itself is not built yet. */
async function attachFile(documentHexId: string) {
  const document = await db.document.findUniqueOrThrow({ where: { hexId: documentHexId } });
  const stored = await storage().put(new TextEncoder().encode(`%PDF-1.7 ${randomHex(8)}`));
  return db.documentFile.create({
    data: { documentId: document.id, fileName: "contrato.pdf", storageKey: stored.key, sha256: stored.sha256, size: stored.size, pages: 1 },
  });
}

let sequence = 0;
function newSigner(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const n = `${Date.now() % 100000}${sequence}`.slice(-7).padStart(7, "0");
  return {
    firstName: "Ana",
    lastName: "García",
    email: `ana.${n}@example.test`,
    cellPhone: null,
    position: 1,
    mandatory: true,
    canReject: true,
    ...overrides,
  };
}

async function readyDraft() {
  const draft = await createDraft(adminA, {
    title: "Contrato",
    description: "Contrato de servicios",
    expirationDate: future(10),
    flowHexId,
    tags: ["ventas"],
  });
  await attachFile(draft.documentHexId);
  const set = await call<DraftView>(putSigners, `${documentPath(draft.documentHexId)}/signers`, {
    method: "PUT",
    token: adminA,
    params: { documentHexId: draft.documentHexId },
    body: {
      signers: [newSigner(), newSigner({ position: 2 })],
      orders: [
        { position: 1, minSigners: 1 },
        { position: 2, minSigners: 1 },
      ],
    },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return draft;
}

async function readinessCode(documentHexId: string): Promise<string | null> {
  const document = await db.document.findUniqueOrThrow({ where: { hexId: documentHexId } });
  try {
    await assertReadyToSend(document.id);
    return null;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

describe("drafts", () => {
  it("creates, reads, updates and deletes a draft, writing an operation log for each write", async () => {
    const draft = await createDraft(adminA, { title: "Borrador" });
    expect(draft.status).toBe("DRAFT");
    const updated = await call<DraftView>(updateDocument, documentPath(draft.documentHexId), {
      method: "PUT",
      token: adminA,
      params: { documentHexId: draft.documentHexId },
      body: {
        title: "Contrato",
        description: "Servicios",
        expirationDate: future(5),
        flowHexId,
        tags: ["a", "b"],
        callBackUrl: "https://example.test/cb",
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ title: "Contrato", description: "Servicios", tags: ["a", "b"], flow: { flowHexId } });
    const read = await call<DraftView>(getDocument, documentPath(draft.documentHexId), {
      token: adminA,
      params: { documentHexId: draft.documentHexId },
    });
    expect(read.body.title).toBe("Contrato");
    const removed = await call(deleteDocument, documentPath(draft.documentHexId), {
      method: "DELETE",
      token: adminA,
      params: { documentHexId: draft.documentHexId },
    });
    expect(removed.status).toBe(200);
    expect(await db.document.count({ where: { hexId: draft.documentHexId } })).toBe(0);
    const logs = await db.operationLog.findMany({
      where: { organizationId: orgA.organization.id, detail: { contains: draft.documentHexId } },
    });
    expect(logs.map((l) => l.operationEventId).sort()).toEqual(["DOCUMENT_DRAFT_CREATE", "DOCUMENT_DRAFT_DELETE", "DOCUMENT_DRAFT_UPDATE"]);
  });

  it("refuses a past expiration and a flow that is inactive, not a signature flow or another organisation's", async () => {
    const past = await call<Failure>(createDocument, "/api/documents", {
      body: { expirationDate: new Date(Date.now() - day).toISOString() },
      token: adminA,
    });
    expect(past.body.errorCode).toBe("SHIPMENT_EXPIRATION_INVALID");
    const inactive = await db.flow.create({
      data: { organizationId: orgA.organization.id, name: `Inactivo ${randomHex(3)}`, kind: "SIGNATURE", active: false },
    });
    const foreign = await db.flow.create({
      data: { organizationId: orgB.organization.id, name: `Ajeno ${randomHex(3)}`, kind: "SIGNATURE", active: true },
    });
    for (const flow of [inactive, foreign]) {
      const response = await call<Failure>(createDocument, "/api/documents", { body: { flowHexId: flow.hexId }, token: adminA });
      expect(response.status).toBe(400);
      expect(response.body.errorCode).toBe("SHIPMENT_FLOW_INVALID");
    }
  });

  it("removes a file with its stored bytes, and the stored sha256 is the bytes' digest", async () => {
    const draft = await createDraft();
    const file = await attachFile(draft.documentHexId);
    const bytes = await storage().get(file.storageKey);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(file.sha256);
    const response = await call<DraftView>(deleteFile, `${documentPath(draft.documentHexId)}/files/${file.hexId}`, {
      method: "DELETE",
      token: adminA,
      params: { documentHexId: draft.documentHexId, fileHexId: file.hexId },
    });
    expect(response.status).toBe(200);
    expect(response.body.files).toEqual([]);
    await expect(storage().get(file.storageKey)).rejects.toThrow();
  });

  it("refuses every edit once the document is not a draft", async () => {
    const draft = await readyDraft();
    await db.document.update({ where: { hexId: draft.documentHexId }, data: { status: "IN_PROGRESS" } });
    const params = { documentHexId: draft.documentHexId };
    const responses = await Promise.all([
      call<Failure>(updateDocument, documentPath(draft.documentHexId), { method: "PUT", token: adminA, params, body: { title: "Otro" } }),
      call<Failure>(putSigners, `${documentPath(draft.documentHexId)}/signers`, {
        method: "PUT",
        token: adminA,
        params,
        body: { signers: [], orders: [] },
      }),
      call<Failure>(putNotifications, `${documentPath(draft.documentHexId)}/notifications`, {
        method: "PUT",
        token: adminA,
        params,
        body: { notifications: [] },
      }),
      call<Failure>(deleteDocument, documentPath(draft.documentHexId), { method: "DELETE", token: adminA, params }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(409);
      expect(response.body.errorCode).toBe("SHIPMENT_NOT_DRAFT");
    }
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_NOT_DRAFT");
  });
});

describe("signers", () => {
  const put = (documentHexId: string, body: unknown) =>
    call<DraftView & Failure>(putSigners, `${documentPath(documentHexId)}/signers`, {
      method: "PUT",
      token: adminA,
      params: { documentHexId },
      body,
    });

  it("needs a file before signers are added", async () => {
    const draft = await createDraft();
    const response = await put(draft.documentHexId, { signers: [newSigner()], orders: [{ position: 1, minSigners: 1 }] });
    expect(response.body.errorCode).toBe("SHIPMENT_FILE_REQUIRED");
  });

  it("copies a contact's data and favourite channel, and keeps new signers in their orders", async () => {
    const draft = await createDraft();
    await attachFile(draft.documentHexId);
    const contact = await call<{ contactHexId: string }>(createContact, "/api/contacts", {
      body: { name: "Luis", lastName: "Pérez", phone: `+3469${Date.now() % 10000000}`.slice(0, 12) },
      token: adminA,
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const response = await put(draft.documentHexId, {
      signers: [
        { contactHexId: contact.body.contactHexId, position: 1, mandatory: false, canReject: false },
        newSigner({ position: 2 }),
        newSigner({ position: 2, email: null, cellPhone: "+34 611 22 33 44" }),
      ],
      orders: [
        { position: 1, minSigners: 1 },
        { position: 2, minSigners: 2 },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.signers[0]!).toMatchObject({
      contactHexId: contact.body.contactHexId,
      firstName: "Luis",
      lastName: "Pérez",
      email: null,
      mandatory: false,
      canReject: false,
      position: 1,
    });
    expect(response.body.signers[0]?.cellPhone).toMatch(/^\+3469/);
    expect(response.body.signers[2]?.cellPhone).toBe("+34611223344");
    expect(response.body.orders).toEqual([
      { position: 1, minSigners: 1 },
      { position: 2, minSigners: 2 },
    ]);
  });

  it("refuses a duplicate signer by e-mail or phone, a signer without a channel, and invalid minimums", async () => {
    const draft = await createDraft();
    await attachFile(draft.documentHexId);
    const one = newSigner();
    const orders = [{ position: 1, minSigners: 1 }];
    expect((await put(draft.documentHexId, { signers: [one, { ...one, email: one.email.toUpperCase() }], orders })).body.errorCode).toBe(
      "SHIPMENT_SIGNER_DUPLICATE",
    );
    const phoneA = newSigner({ email: null, cellPhone: "+34611000001" });
    expect(
      (await put(draft.documentHexId, { signers: [phoneA, newSigner({ email: null, cellPhone: "+34 611 000 001" })], orders })).body
        .errorCode,
    ).toBe("SHIPMENT_SIGNER_DUPLICATE");
    expect((await put(draft.documentHexId, { signers: [newSigner({ email: null })], orders })).body.errorCode).toBe(
      "EMAIL_OR_PHONE_REQUIRED",
    );
    for (const minimum of [
      [{ position: 1, minSigners: 0 }],
      [{ position: 1, minSigners: 2 }],
      [],
      [
        { position: 1, minSigners: 1 },
        { position: 2, minSigners: 1 },
      ],
    ]) {
      const response = await put(draft.documentHexId, { signers: [newSigner()], orders: minimum });
      expect(response.body.errorCode, JSON.stringify(minimum)).toBe("SHIPMENT_MIN_SIGNERS_INVALID");
    }
  });
});

describe("scheduled notifications", () => {
  const put = (documentHexId: string, sendAt: string[]) =>
    call<DraftView & Failure>(putNotifications, `${documentPath(documentHexId)}/notifications`, {
      method: "PUT",
      token: adminA,
      params: { documentHexId },
      body: { notifications: sendAt.map((at) => ({ sendAt: at })) },
    });

  it("needs a file and the expiration first, and dates after now and before the expiration", async () => {
    const draft = await createDraft();
    expect((await put(draft.documentHexId, [future(1)])).body.errorCode).toBe("SHIPMENT_FILE_REQUIRED");
    await attachFile(draft.documentHexId);
    expect((await put(draft.documentHexId, [future(1)])).body.errorCode).toBe("SHIPMENT_EXPIRATION_FIRST");
    await call(updateDocument, documentPath(draft.documentHexId), {
      method: "PUT",
      token: adminA,
      params: { documentHexId: draft.documentHexId },
      body: { title: "T", expirationDate: future(5) },
    });
    expect((await put(draft.documentHexId, [future(-1)])).body.errorCode).toBe("SHIPMENT_NOTIFICATION_DATE_INVALID");
    expect((await put(draft.documentHexId, [future(6)])).body.errorCode).toBe("SHIPMENT_NOTIFICATION_DATE_INVALID");
    expect((await put(draft.documentHexId, ["not a date"])).body.errorCode).toBe("SHIPMENT_NOTIFICATION_DATE_INVALID");
    const ok = await put(draft.documentHexId, [future(1), future(2)]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.notifications).toHaveLength(2);
  });
});

describe("assertReadyToSend", () => {
  it("passes a complete draft and names the first rule each incomplete one breaks", async () => {
    const draft = await readyDraft();
    expect(await readinessCode(draft.documentHexId)).toBeNull();
    const id = (await db.document.findUniqueOrThrow({ where: { hexId: draft.documentHexId } })).id;
    const reset = () =>
      db.document.update({
        where: { id },
        data: { description: "Contrato de servicios", expirationDate: new Date(Date.now() + 10 * day) },
      });

    await db.document.update({ where: { id }, data: { description: null } });
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_DATA_REQUIRED");
    await reset();
    await db.document.update({ where: { id }, data: { expirationDate: new Date(Date.now() - day) } });
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_EXPIRATION_INVALID");
    await reset();

    await db.signerOrder.update({ where: { documentId_position: { documentId: id, position: 2 } }, data: { minSigners: 2 } });
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_MIN_SIGNERS_INVALID");
    await db.signerOrder.update({ where: { documentId_position: { documentId: id, position: 2 } }, data: { minSigners: 0 } });
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_MIN_SIGNERS_INVALID");
    await db.signerOrder.update({ where: { documentId_position: { documentId: id, position: 2 } }, data: { minSigners: 1 } });

    const [first, second] = await db.signer.findMany({ where: { documentId: id }, orderBy: { position: "asc" } });
    if (!first || !second) throw new Error("the ready draft has two signers");
    await db.signer.update({ where: { id: second.id }, data: { email: first.email } });
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_SIGNER_DUPLICATE");
    await db.signer.update({ where: { id: second.id }, data: { email: null, cellPhone: null } });
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_SIGNER_CHANNEL_REQUIRED");
    await db.signer.update({ where: { id: second.id }, data: { cellPhone: "+34622000111" } });

    const notification = await db.scheduledNotification.create({ data: { documentId: id, sendAt: new Date(Date.now() + 20 * day) } });
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_NOTIFICATION_DATE_INVALID");
    await db.scheduledNotification.delete({ where: { id: notification.id } });

    const flow = await db.flow.findUniqueOrThrow({ where: { hexId: flowHexId } });
    const validation = await db.flow.create({
      data: { organizationId: orgA.organization.id, name: `Validación ${randomHex(3)}`, kind: "VALIDATION", active: true },
    });
    await db.document.update({ where: { id }, data: { flowId: validation.id } });
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_FLOW_INVALID");
    await db.document.update({ where: { id }, data: { flowId: null } });
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_FLOW_INVALID");
    await db.document.update({ where: { id }, data: { flowId: flow.id } });
    expect(await readinessCode(draft.documentHexId)).toBeNull();

    await db.signer.deleteMany({ where: { documentId: id } });
    await db.signerOrder.deleteMany({ where: { documentId: id } });
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_SIGNER_REQUIRED");
    await db.documentFile.deleteMany({ where: { documentId: id } });
    expect(await readinessCode(draft.documentHexId)).toBe("SHIPMENT_FILE_REQUIRED");
  });
});

describe("privileges and isolation", () => {
  it("lets the operator prepare shipments and refuses a role without DOCUMENTO", async () => {
    const draft = await createDraft(operatorA, { title: "Del operador" });
    expect(draft.title).toBe("Del operador");
    const refused = await call<Failure>(createDocument, "/api/documents", { body: {}, token: noRoleA });
    expect(refused.status).toBe(403);
    const read = await call<Failure>(getDocument, documentPath(draft.documentHexId), {
      token: noRoleA,
      params: { documentHexId: draft.documentHexId },
    });
    expect(read.status).toBe(403);
  });

  it("gives another organisation's admin a 404 on every handler and changes nothing", async () => {
    const draft = await readyDraft();
    const file = await attachFile(draft.documentHexId);
    const params = { documentHexId: draft.documentHexId };
    const responses = await Promise.all([
      call(getDocument, documentPath(draft.documentHexId), { token: adminB, params }),
      call(updateDocument, documentPath(draft.documentHexId), { method: "PUT", token: adminB, params, body: { title: "Robado" } }),
      call(deleteFile, `${documentPath(draft.documentHexId)}/files/${file.hexId}`, {
        method: "DELETE",
        token: adminB,
        params: { ...params, fileHexId: file.hexId },
      }),
      call(putSigners, `${documentPath(draft.documentHexId)}/signers`, {
        method: "PUT",
        token: adminB,
        params,
        body: { signers: [], orders: [] },
      }),
      call(putNotifications, `${documentPath(draft.documentHexId)}/notifications`, {
        method: "PUT",
        token: adminB,
        params,
        body: { notifications: [] },
      }),
      call(deleteDocument, documentPath(draft.documentHexId), { method: "DELETE", token: adminB, params }),
    ]);
    for (const response of responses) expect(response.status).toBe(404);
    const after = await db.document.findUniqueOrThrow({ where: { hexId: draft.documentHexId }, include: { signers: true, files: true } });
    expect(after.title).toBe("Contrato");
    expect(after.signers).toHaveLength(2);
    expect(after.files).toHaveLength(2);
  });

  it("refuses another organisation's contact as a signer", async () => {
    const contact = await call<{ contactHexId: string }>(createContact, "/api/contacts", {
      body: { name: "Eva", lastName: "Ruiz", email: `eva.${randomHex(4)}@example.test` },
      token: adminB,
    });
    expect(contact.status).toBe(201);
    const draft = await createDraft();
    await attachFile(draft.documentHexId);
    const response = await call<Failure>(putSigners, `${documentPath(draft.documentHexId)}/signers`, {
      method: "PUT",
      token: adminA,
      params: { documentHexId: draft.documentHexId },
      body: { signers: [{ contactHexId: contact.body.contactHexId, position: 1 }], orders: [{ position: 1, minSigners: 1 }] },
    });
    expect(response.status).toBe(404);
  });
});

async function pdfBytes(options: { pages?: number; producer?: string; encrypt?: boolean } = {}) {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < (options.pages ?? 1); i++) pdf.addPage([300, 400]).drawText(`Página ${i + 1}`, { x: 20, y: 350, size: 12 });
  if (options.producer) pdf.setProducer(options.producer);
  if (options.encrypt) pdf.encrypt({ userPassword: "abierto", ownerPassword: "propietario" });
  return pdf.save();
}

async function upload(token: string, documentHexId: string, file: { name: string; bytes: Uint8Array }, documentTypeHexId?: string) {
  const form = new FormData();
  form.set("file", new File([file.bytes as BlobPart], file.name, { type: "application/pdf" }));
  if (documentTypeHexId) form.set("documentTypeHexId", documentTypeHexId);
  const request = new NextRequest(`http://127.0.0.1:3000/api/documents/${documentHexId}/files`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, ...clientAddressHeaders("203.0.113.30") },
  });
  const response = await sendRequest(uploadFile, request);
  return { status: response.status, body: (await response.json()) as DraftView & Failure };
}

describe("file upload", () => {
  it("stores a real PDF with its page count, sha256 and document type, under a random key", async () => {
    const draft = await createDraft();
    const type = await db.documentType.create({ data: { organizationId: orgA.organization.id, name: `Contrato ${randomHex(3)}` } });
    const bytes = await pdfBytes({ pages: 3 });
    const response = await upload(adminA, draft.documentHexId, { name: "contrato.pdf", bytes }, type.hexId);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const [file] = response.body.files;
    expect(file).toMatchObject({
      fileName: "contrato.pdf",
      pages: 3,
      size: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      documentType: { documentTypeHexId: type.hexId },
    });
    const row = await db.documentFile.findFirstOrThrow({ where: { hexId: file?.fileHexId } });
    expect(row.storageKey).not.toContain("contrato");
    expect(Buffer.from(await storage().get(row.storageKey)).equals(Buffer.from(bytes))).toBe(true);
  });

  it("refuses a text file named .pdf, an encrypted PDF, a damaged one, an oversized one with the limit, and one the product signed", async () => {
    const draft = await createDraft();
    const text = await upload(adminA, draft.documentHexId, { name: "nota.pdf", bytes: new TextEncoder().encode("esto no es un pdf") });
    expect(text.body.errorCode).toBe("SHIPMENT_FILE_NOT_PDF");
    const encrypted = await upload(adminA, draft.documentHexId, { name: "cifrado.pdf", bytes: await pdfBytes({ encrypt: true }) });
    expect(encrypted.body.errorCode).toBe("SHIPMENT_FILE_ENCRYPTED");
    const damaged = await upload(adminA, draft.documentHexId, {
      name: "roto.pdf",
      bytes: new TextEncoder().encode("%PDF-1.7\nbasura sin objetos"),
    });
    expect(damaged.body.errorCode).toBe("SHIPMENT_FILE_UNREADABLE");
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode("%PDF-1.7"));
    const oversized = await upload(adminA, draft.documentHexId, { name: "grande.pdf", bytes: big });
    expect(oversized.status).toBe(413);
    expect(oversized.body).toMatchObject({ errorCode: "SHIPMENT_FILE_TOO_LARGE", max: "10 MB" });
    const signed = await upload(adminA, draft.documentHexId, {
      name: "firmado.pdf",
      bytes: await pdfBytes({ producer: `${rubricaPdfMarker} 1.0` }),
    });
    expect(signed.body.errorCode).toBe("SHIPMENT_ALREADY_SIGNED");
    expect(await db.documentFile.count({ where: { document: { hexId: draft.documentHexId } } })).toBe(0);
  });

  it("refuses uploads to another organisation's draft and to a document that is not a draft", async () => {
    const draft = await createDraft();
    const bytes = await pdfBytes();
    expect((await upload(adminB, draft.documentHexId, { name: "a.pdf", bytes })).status).toBe(404);
    await db.document.update({ where: { hexId: draft.documentHexId }, data: { status: "SENT" } });
    expect((await upload(adminA, draft.documentHexId, { name: "a.pdf", bytes })).body.errorCode).toBe("SHIPMENT_NOT_DRAFT");
  });
});
