import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listContacts, POST as createContact } from "@/app/api/contacts/route";
import { DELETE as deleteContact, GET as getContact, PUT as updateContact } from "@/app/api/contacts/[contactHexId]/route";
import { POST as addChannel } from "@/app/api/contacts/[contactHexId]/channels/route";
import { DELETE as deleteChannel, PUT as updateChannel } from "@/app/api/contacts/[contactHexId]/channels/[channelHexId]/route";
import { POST as makeFavorite } from "@/app/api/contacts/[contactHexId]/channels/[channelHexId]/favorite/route";
import { POST as importContacts } from "@/app/api/contacts/import/route";
import { GET as exportContacts } from "@/app/api/contacts/export/route";
import { db } from "@/lib/db/client";
import type { ContactView } from "@/lib/contacts/contact-view";
import { twoOrganizations } from "../support/cast";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";

type Page = { _embedded: { contacts: ContactView[] }; page: { size: number; totalElements: number; totalPages: number; number: number } };
type PreviewRow = { row: number; values: Record<string, string>; errors: { field: string; errorCode: string; message: string }[] };
type Preview = { total: number; valid: number; invalid: number; rows: PreviewRow[] };

let orgA: TestOrganization;
let adminA: string;
let operatorA: string;
let noRoleA: string;
let adminB: string;

beforeAll(async () => {
  ({ orgA, adminA, operatorA, noRoleA, adminB } = await twoOrganizations());
});

let sequence = 0;
/** Unique e-mails and phones per call, so cases never collide on the duplicate rules. */
function person(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const n = `${Date.now() % 100000}${sequence}`.slice(-7).padStart(7, "0");
  return { name: "Ana", lastName: "García", email: `ana.${n}@example.test`, phone: `+3461${n}`, ...overrides };
}

async function create(token: string, body: Record<string, unknown>) {
  const response = await call<ContactView>(createContact, "/api/contacts", { body, token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const contactPath = (hex: string) => `/api/contacts/${hex}`;
const channelPath = (hex: string, channel: string) => `/api/contacts/${hex}/channels/${channel}`;

function uploadRequest(
  token: string,
  file: { name: string; bytes: Uint8Array | string },
  mode: "preview" | "commit",
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  const bytes = typeof file.bytes === "string" ? new TextEncoder().encode(file.bytes) : file.bytes;
  form.set("file", new File([bytes as BlobPart], file.name));
  form.set("mode", mode);
  return new NextRequest("http://127.0.0.1:3000/api/contacts/import", {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, ...clientAddressHeaders("203.0.113.20"), ...headers },
  });
}

async function upload<T = Preview>(
  token: string,
  file: { name: string; bytes: Uint8Array | string },
  mode: "preview" | "commit" = "preview",
) {
  const response = await sendRequest(importContacts, uploadRequest(token, file, mode));
  return { status: response.status, body: (await response.json()) as T & { errorCode?: string; message?: string } };
}

async function download(token: string, query: Record<string, string>) {
  const url = new URL("http://127.0.0.1:3000/api/contacts/export");
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return sendRequest(
    exportContacts,
    new NextRequest(url, { headers: { authorization: `Bearer ${token}`, ...clientAddressHeaders("203.0.113.21") } }),
  );
}

async function xlsxFile(rows: string[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Hoja1");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function sheetRows(workbook: ExcelJS.Workbook): Promise<string[][]> {
  const out: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text;
    });
    out.push(cells);
  });
  return out;
}

const countContacts = (org: TestOrganization) => db.contact.count({ where: { organizationId: org.organization.id } });
const lastOperation = (org: TestOrganization, event: string) =>
  db.operationLog.findFirst({ where: { organizationId: org.organization.id, operationEventId: event }, orderBy: { id: "desc" } });

async function tieToShipment(contactHexId: string, org: TestOrganization) {
  const contact = await db.contact.findUniqueOrThrow({ where: { hexId: contactHexId } });
  const document = await db.document.create({ data: { organizationId: org.organization.id, title: "Contrato de arrendamiento" } });
  await db.signer.create({
    data: { documentId: document.id, contactId: contact.id, firstName: contact.firstName, lastName: contact.lastName },
  });
}

describe("creating, viewing, editing and deleting contacts", () => {
  it("creates a contact whose e-mail and phone become channels, the first one the favourite, and logs it", async () => {
    const contact = await create(
      adminA,
      person({
        email: "  Lucia.Ortega@Example.TEST ",
        phone: "+34 612 34 56 78",
        country: "es",
        identType: "DNI",
        identNumber: "12345678z",
        fingerprintCode: "FP-001",
        preferredLanguage: "en-us",
      }),
    );
    expect(contact.contactHexId).toMatch(/^[0-9a-f]{32}$/);
    expect(contact).toMatchObject({
      name: "Ana",
      lastName: "García",
      country: "ES",
      identType: "DNI",
      identNumber: "12345678Z",
      fingerprintCode: "FP-001",
      preferredLanguage: "en-us",
    });
    expect(contact.channels).toEqual([
      { channelHexId: expect.any(String), type: "EMAIL", value: "lucia.ortega@example.test", favorite: true },
      { channelHexId: expect.any(String), type: "SMS", value: "+34612345678", favorite: false },
    ]);
    expect(contact.favoriteChannel?.type).toBe("EMAIL");
    expect(contact).not.toHaveProperty("id");
    const log = await lastOperation(orgA, "CONTACT_CREATE");
    expect(log?.detail).toContain(`recordId=${contact.contactHexId}`);
    expect(log?.moduleId).toBe("CONTACTO");
  });

  it("makes the phone the favourite when it is the only channel given", async () => {
    const contact = await create(adminA, person({ email: undefined }));
    expect(contact.channels).toHaveLength(1);
    expect(contact.channels[0]).toMatchObject({ type: "SMS", favorite: true });
  });

  const invalid: [string, Record<string, unknown>, string, string, string][] = [
    [
      "no channel at all",
      { email: "", phone: "" },
      "EMAIL_OR_PHONE_REQUIRED",
      "email",
      "Debe indicar un teléfono o un correo electrónico válido.",
    ],
    ["an empty name", { name: "  " }, "EMPTY_FIELD", "name", "El campo no puede estar vacío."],
    ["a name with symbols", { lastName: "García<b>" }, "INVALID_CHARACTER", "lastName", "El campo contiene un carácter no válido."],
    ["an invalid e-mail", { email: "ana@" }, "INVALID_EMAIL", "email", "El correo electrónico no es válido."],
    [
      "an invalid phone",
      { phone: "600 12" },
      "INVALID_PHONE",
      "phone",
      "El número de teléfono no es válido. Use el formato internacional, por ejemplo +34600000000.",
    ],
    [
      "a DNI with the wrong letter",
      { identType: "DNI", identNumber: "12345678A" },
      "INVALID_IDENT_NUMBER",
      "identNumber",
      "El número de identificación no es válido.",
    ],
    ["a number without its type", { identNumber: "X1234567L" }, "EMPTY_FIELD", "identType", "El campo no puede estar vacío."],
  ];
  for (const [name, change, code, field, message] of invalid) {
    it(`refuses ${name} next to its field`, async () => {
      const { status, body } = await call(createContact, "/api/contacts", { body: person(change), token: adminA });
      expect(status).toBe(400);
      expect(body).toMatchObject({ errorCode: code, field, message });
    });
  }

  it("accepts two-letter surnames, which real people have", async () => {
    const contact = await create(adminA, person({ lastName: "Li" }));
    expect(contact.lastName).toBe("Li");
  });

  it("refuses a duplicate contact: the same identification, or the same e-mail, in the organisation", async () => {
    const first = await create(adminA, person({ identType: "NIE", identNumber: "X1234567L" }));
    const sameIdent = await call(createContact, "/api/contacts", {
      body: person({ identType: "NIE", identNumber: "x1234567l" }),
      token: adminA,
    });
    expect(sameIdent.status).toBe(409);
    expect(sameIdent.body).toMatchObject({
      errorCode: "CONTACT_DUPLICATE_IDENT",
      field: "identNumber",
      message: "Contacto duplicado: ya existe un contacto con ese tipo y número de identificación.",
    });
    const sameEmail = await call(createContact, "/api/contacts", { body: person({ email: first.email!.toUpperCase() }), token: adminA });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({
      errorCode: "CONTACT_DUPLICATE_EMAIL",
      field: "email",
      message: "Contacto duplicado: ya existe un contacto con ese correo electrónico.",
    });
    // Another organisation has its own contacts: the same person is not a duplicate there.
    await create(adminB, person({ identType: "NIE", identNumber: "X1234567L", email: first.email }));
  });

  it("lets only one of two simultaneous creations of the same person through", async () => {
    const body = person();
    const results = await Promise.all([1, 2, 3].map(() => call(createContact, "/api/contacts", { body, token: adminA })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("shows the contact view with its channels and its shipments", async () => {
    const contact = await create(adminA, person());
    const { status, body } = await call<ContactView & { shipments: number }>(getContact, contactPath(contact.contactHexId), {
      token: adminA,
      params: { contactHexId: contact.contactHexId },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ contactHexId: contact.contactHexId, name: "Ana", shipments: 0 });
    expect(body.channels).toHaveLength(2);
  });

  it("edits the contact's data, keeps its channels, refuses another contact's identification, and logs it", async () => {
    const other = await create(adminA, person({ identType: "DNI", identNumber: "00000001R" }));
    const contact = await create(adminA, person());
    const params = { contactHexId: contact.contactHexId };
    const updated = await call<ContactView>(updateContact, contactPath(contact.contactHexId), {
      method: "PUT",
      body: { name: "Ana María", lastName: "García Pérez", country: "CO", identType: "CC", identNumber: "1234567" },
      token: adminA,
      params,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: "Ana María",
      lastName: "García Pérez",
      country: "CO",
      identType: "CC",
      identNumber: "1234567",
      fingerprintCode: null,
    });
    expect(updated.body.channels).toEqual(contact.channels);
    expect((await lastOperation(orgA, "CONTACT_UPDATE"))?.detail).toContain(contact.contactHexId);
    const clash = await call(updateContact, contactPath(contact.contactHexId), {
      method: "PUT",
      body: { name: "Ana", lastName: "García", identType: "DNI", identNumber: other.identNumber },
      token: adminA,
      params,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errorCode).toBe("CONTACT_DUPLICATE_IDENT");
    // Saving a contact with its own identification is not a duplicate of itself.
    const same = await call(updateContact, contactPath(other.contactHexId), {
      method: "PUT",
      body: { name: "Otro", lastName: "Nombre", identType: "DNI", identNumber: "00000001R" },
      token: adminA,
      params: { contactHexId: other.contactHexId },
    });
    expect(same.status).toBe(200);
  });

  it("deletes a contact with its channels, and logs it", async () => {
    const contact = await create(adminA, person());
    const params = { contactHexId: contact.contactHexId };
    const deleted = await call(deleteContact, contactPath(contact.contactHexId), { method: "DELETE", token: adminA, params });
    expect(deleted.status).toBe(200);
    expect((await call(getContact, contactPath(contact.contactHexId), { token: adminA, params })).status).toBe(404);
    expect(await db.contactChannel.count({ where: { hexId: { in: contact.channels.map((c) => c.channelHexId) } } })).toBe(0);
    expect((await lastOperation(orgA, "CONTACT_DELETE"))?.detail).toContain(contact.contactHexId);
  });

  it("deletes once when asked twice at the same time", async () => {
    const contact = await create(adminA, person());
    const params = { contactHexId: contact.contactHexId };
    const results = await Promise.all(
      [1, 2].map(() => call(deleteContact, contactPath(contact.contactHexId), { method: "DELETE", token: adminA, params })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
  });

  it("refuses to delete a contact tied to a shipment (spec §5)", async () => {
    const contact = await create(adminA, person());
    await tieToShipment(contact.contactHexId, orgA);
    const params = { contactHexId: contact.contactHexId };
    const refused = await call(deleteContact, contactPath(contact.contactHexId), { method: "DELETE", token: adminA, params });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      errorCode: "CONTACT_IN_SHIPMENT",
      message: "No se puede eliminar un contacto vinculado a un envío.",
    });
    const view = await call(getContact, contactPath(contact.contactHexId), { token: adminA, params });
    expect(view.body.shipments).toBe(1);
    const english = await call(deleteContact, contactPath(contact.contactHexId), {
      method: "DELETE",
      token: adminA,
      params,
      headers: { "accept-language": "en-US" },
    });
    expect(english.body.message).toBe("A contact tied to a shipment cannot be deleted.");
  });
});

describe("channels (spec §5)", () => {
  let contact: ContactView;
  let params: { contactHexId: string };
  beforeAll(async () => {
    contact = await create(adminA, person());
    params = { contactHexId: contact.contactHexId };
  });
  const add = (body: unknown, token = adminA) =>
    call<ContactView & { errorCode?: string }>(addChannel, `${contactPath(contact.contactHexId)}/channels`, { body, token, params });

  const required: [string, Record<string, unknown>][] = [
    ["nothing", {}],
    ["no type", { value: "otra@example.test" }],
    ["no value", { type: "EMAIL" }],
    ["an empty value", { type: "SMS", value: "   " }],
  ];
  for (const [name, body] of required) {
    it(`requires type and value: ${name}`, async () => {
      const { status, body: error } = await add(body);
      expect(status).toBe(400);
      expect(error).toMatchObject({ errorCode: "CONTACT_CHANNEL_REQUIRED", message: "El tipo y el valor son obligatorios." });
    });
  }

  const badFormat: [string, Record<string, unknown>][] = [
    ["an e-mail that is not one", { type: "EMAIL", value: "ana.example.test" }],
    ["a phone without country code", { type: "SMS", value: "600123456" }],
    ["an e-mail given as a phone", { type: "SMS", value: "ana@example.test" }],
  ];
  for (const [name, body] of badFormat) {
    it(`requires a valid e-mail or phone: ${name}`, async () => {
      const { status, body: error } = await add(body);
      expect(status).toBe(400);
      expect(error).toMatchObject({
        errorCode: "CONTACT_CHANNEL_FORMAT",
        field: "value",
        message: "El valor debe ser un correo electrónico o un teléfono válido.",
      });
    });
  }

  it("refuses a duplicate channel, however it is written", async () => {
    const sameEmail = await add({ type: "EMAIL", value: ` ${contact.email!.toUpperCase()} ` });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({ errorCode: "CONTACT_CHANNEL_DUPLICATE", message: "Ese canal ya existe." });
    const samePhone = await add({
      type: "SMS",
      value: `${contact.phone!.slice(0, 3)} ${contact.phone!.slice(3, 6)}-${contact.phone!.slice(6)}`,
    });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.errorCode).toBe("CONTACT_CHANNEL_DUPLICATE");
  });

  it("refuses an e-mail that another contact of the organisation has", async () => {
    const other = await create(adminA, person());
    const { status, body } = await add({ type: "EMAIL", value: other.email });
    expect(status).toBe(409);
    expect(body).toMatchObject({ errorCode: "CONTACT_DUPLICATE_EMAIL", field: "value" });
  });

  it("adds channels, keeps exactly one favourite, and logs each change", async () => {
    const added = await add({ type: "SMS", value: "+34 699 000 111" });
    expect(added.status).toBe(201);
    expect(added.body.channels.filter((c) => c.favorite)).toHaveLength(1);
    expect(added.body.channels.find((c) => c.value === "+34699000111")?.favorite).toBe(false);
    const asFavorite = await add({ type: "EMAIL", value: "trabajo@example.test", favorite: true });
    expect(asFavorite.status).toBe(201);
    expect(asFavorite.body.favoriteChannel?.value).toBe("trabajo@example.test");
    expect(asFavorite.body.channels.filter((c) => c.favorite)).toHaveLength(1);
    const sms = asFavorite.body.channels.find((c) => c.value === "+34699000111")!;
    const favored = await call<ContactView>(makeFavorite, `${channelPath(contact.contactHexId, sms.channelHexId)}/favorite`, {
      body: {},
      token: adminA,
      params: { ...params, channelHexId: sms.channelHexId },
    });
    expect(favored.status).toBe(200);
    expect(favored.body.channels.filter((c) => c.favorite).map((c) => c.value)).toEqual(["+34699000111"]);
    expect(await db.contactChannel.count({ where: { contact: { hexId: contact.contactHexId }, favorite: true } })).toBe(1);
    for (const event of ["CONTACT_CHANNEL_ADD", "CONTACT_CHANNEL_FAVORITE"])
      expect((await lastOperation(orgA, event))?.detail).toContain(contact.contactHexId);
  });

  it("keeps exactly one favourite when favourites change at the same time", async () => {
    const target = await create(adminA, person());
    const targetParams = { contactHexId: target.contactHexId };
    const extra = await Promise.all(
      ["uno@example.test", "dos@example.test", "tres@example.test"].map((value) =>
        call<ContactView>(addChannel, `${contactPath(target.contactHexId)}/channels`, {
          body: { type: "EMAIL", value: `${target.contactHexId.slice(0, 6)}.${value}`, favorite: true },
          token: adminA,
          params: targetParams,
        }),
      ),
    );
    expect(extra.map((r) => r.status)).toEqual([201, 201, 201]);
    const channels = await db.contactChannel.findMany({ where: { contact: { hexId: target.contactHexId } } });
    await Promise.all(
      channels.map((c) => call(makeFavorite, "/favorite", { body: {}, token: adminA, params: { ...targetParams, channelHexId: c.hexId } })),
    );
    expect(await db.contactChannel.count({ where: { contact: { hexId: target.contactHexId }, favorite: true } })).toBe(1);
  });

  it("refuses to leave the contact without a favourite (spec §5)", async () => {
    const view = await call<ContactView>(getContact, contactPath(contact.contactHexId), { token: adminA, params });
    const favorite = view.body.favoriteChannel!;
    const { status, body } = await call(updateChannel, channelPath(contact.contactHexId, favorite.channelHexId), {
      method: "PUT",
      body: { type: favorite.type, value: favorite.value, favorite: false },
      token: adminA,
      params: { ...params, channelHexId: favorite.channelHexId },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: "CONTACT_FAVORITE_REQUIRED", message: "El contacto debe tener un canal favorito." });
  });

  it("refuses to delete the favourite channel, and deletes any other (spec §5)", async () => {
    const view = await call<ContactView>(getContact, contactPath(contact.contactHexId), { token: adminA, params });
    const favorite = view.body.favoriteChannel!;
    const refused = await call(deleteChannel, channelPath(contact.contactHexId, favorite.channelHexId), {
      method: "DELETE",
      token: adminA,
      params: { ...params, channelHexId: favorite.channelHexId },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: "CONTACT_FAVORITE_DELETE", message: "No se puede eliminar el canal favorito." });
    const english = await call(deleteChannel, channelPath(contact.contactHexId, favorite.channelHexId), {
      method: "DELETE",
      token: adminA,
      params: { ...params, channelHexId: favorite.channelHexId },
      headers: { "accept-language": "en" },
    });
    expect(english.body.message).toBe("The favourite channel cannot be deleted.");
    const plain = view.body.channels.find((c) => !c.favorite)!;
    const deleted = await call<ContactView>(deleteChannel, channelPath(contact.contactHexId, plain.channelHexId), {
      method: "DELETE",
      token: adminA,
      params: { ...params, channelHexId: plain.channelHexId },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.channels.map((c) => c.channelHexId)).not.toContain(plain.channelHexId);
    expect((await lastOperation(orgA, "CONTACT_CHANNEL_DELETE"))?.detail).toContain(contact.contactHexId);
  });

  it("edits a channel's value with the same rules, and can make it the favourite", async () => {
    const view = await call<ContactView>(getContact, contactPath(contact.contactHexId), { token: adminA, params });
    const [first, second] = [view.body.channels[0]!, view.body.channels[1]!];
    const channelParams = { ...params, channelHexId: second.channelHexId };
    const clash = await call(updateChannel, channelPath(contact.contactHexId, second.channelHexId), {
      method: "PUT",
      body: { type: first.type, value: first.value },
      token: adminA,
      params: channelParams,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errorCode).toBe("CONTACT_CHANNEL_DUPLICATE");
    const badFormatResponse = await call(updateChannel, channelPath(contact.contactHexId, second.channelHexId), {
      method: "PUT",
      body: { type: "SMS", value: "+34" },
      token: adminA,
      params: channelParams,
    });
    expect(badFormatResponse.body.errorCode).toBe("CONTACT_CHANNEL_FORMAT");
    const changed = await call<ContactView>(updateChannel, channelPath(contact.contactHexId, second.channelHexId), {
      method: "PUT",
      body: { type: "SMS", value: "+52 55 1234 5678", favorite: true },
      token: adminA,
      params: channelParams,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.favoriteChannel).toEqual({
      channelHexId: second.channelHexId,
      type: "SMS",
      value: "+525512345678",
      favorite: true,
    });
    expect(changed.body.channels.filter((c) => c.favorite)).toHaveLength(1);
    expect((await lastOperation(orgA, "CONTACT_CHANNEL_UPDATE"))?.detail).toContain(contact.contactHexId);
  });

  it("answers 404 for a channel of another contact", async () => {
    const other = await create(adminA, person());
    const foreign = other.channels[1]!;
    const { status } = await call(deleteChannel, channelPath(contact.contactHexId, foreign.channelHexId), {
      method: "DELETE",
      token: adminA,
      params: { ...params, channelHexId: foreign.channelHexId },
    });
    expect(status).toBe(404);
    expect(await db.contactChannel.count({ where: { hexId: foreign.channelHexId } })).toBe(1);
  });
});

describe("list, search and pagination", () => {
  let org: TestOrganization;
  let token: string;
  const people = [
    {
      name: "Beatriz",
      lastName: "Alonso",
      identType: "DNI",
      identNumber: "11111111H",
      email: "beatriz@alonso.test",
      phone: "+34600000101",
    },
    { name: "Carlos", lastName: "Blanco", identType: "DNI", identNumber: "22222222J", email: "carlos@blanco.test", phone: "+34600000102" },
    { name: "Diana", lastName: "Castro", email: "diana@castro.test", phone: "+34600000103" },
    { name: "Elena", lastName: "Díaz García", email: "elena@diaz.test", phone: "+34600000104" },
    { name: "Fernando", lastName: "Espinosa", email: "fer@espinosa.test", phone: "+34600000105" },
    { name: "Gabriela", lastName: "Fuentes", email: "gabi@fuentes.test", phone: "+34600000106" },
    { name: "Hugo", lastName: "García", email: "hugo@garcia.test", phone: "+34655512345" },
  ];
  beforeAll(async () => {
    org = await createTestOrganization();
    token = await signIn((await createTestUser(org)).email);
    for (const p of people) await create(token, p);
  });
  const list = (query: Record<string, string> = {}) => call<Page>(listContacts, "/api/contacts", { query, token });

  it("pages with the organisation's default_page_size, sorted by last name", async () => {
    expect((await list()).body.page.size).toBe(10);
    await db.configValue.create({ data: { organizationId: org.organization.id, name: "default_page_size", value: "3" } });
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.page).toEqual({ size: 3, totalElements: 7, totalPages: 3, number: 0 });
    expect(first.body._embedded.contacts.map((c) => c.lastName)).toEqual(["Alonso", "Blanco", "Castro"]);
    const last = await list({ page: "2" });
    expect(last.body._embedded.contacts.map((c) => c.lastName)).toEqual(["García"]);
    const bigger = await list({ size: "5", page: "1" });
    expect(bigger.body._embedded.contacts.map((c) => c.lastName)).toEqual(["Fuentes", "García"]);
  });

  it("sorts by the column asked for", async () => {
    const byNameDesc = await list({ size: "7", sort: "name,desc" });
    expect(byNameDesc.body._embedded.contacts.map((c) => c.name)).toEqual([
      "Hugo",
      "Gabriela",
      "Fernando",
      "Elena",
      "Diana",
      "Carlos",
      "Beatriz",
    ]);
    const unknown = await list({ size: "7", sort: "passwordHash,asc" });
    expect(unknown.body._embedded.contacts[0]!.lastName).toBe("Alonso");
  });

  const searches: [string, string, string[]][] = [
    ["a first name, any case", "diana", ["Diana"]],
    ["a last name with its accent mark", "Díaz", ["Elena"]],
    ["a word of a compound last name", "garcía", ["Elena", "Hugo"]],
    ["a first and a last name", "hugo garcía", ["Hugo"]],
    ["an identification number", "22222222", ["Carlos"]],
    ["part of an e-mail", "fuentes.test", ["Gabriela"]],
    ["part of a phone", "55512", ["Hugo"]],
    ["nothing that matches", "zzz", []],
  ];
  for (const [name, search, expected] of searches) {
    it(`searches by ${name}`, async () => {
      const { body } = await list({ search, size: "50" });
      expect(body._embedded.contacts.map((c) => c.name).sort()).toEqual(expected);
      expect(body.page.totalElements).toBe(expected.length);
    });
  }
});

describe("import (CSV and XLSX)", () => {
  let org: TestOrganization;
  let token: string;
  beforeAll(async () => {
    org = await createTestOrganization();
    token = await signIn((await createTestUser(org)).email);
    await create(token, {
      name: "Existente",
      lastName: "Previo",
      identType: "DNI",
      identNumber: "33333333P",
      email: "existente@previo.test",
    });
  });

  const spanishCsv = [
    "Nombre;Apellidos;País;Tipo de identificación;Número de identificación;Correo electrónico;Teléfono",
    "Laura;Martín;ES;DNI;44444444A;laura@martin.test;+34 611 000 001",
    "Mario;Núñez;ES;;;mario@@nunez;+34611000002",
    ";Sin Nombre;ES;;;sin@nombre.test;",
    "Nuria;Ortega;ES;;;laura@martin.test;",
    "Pablo;Quesada;ES;DNI;33333333P;pablo@quesada.test;",
    "Rosa;Sanz;ES;DNI;12345678A;;600",
  ].join("\r\n");

  it("previews every row with its errors in the caller's language, and saves nothing", async () => {
    const before = await countContacts(org);
    const { status, body } = await upload(token, { name: "contactos.csv", bytes: spanishCsv });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 6, valid: 1, invalid: 5 });
    const byRow = new Map(body.rows.map((r) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({
      values: { name: "Laura", lastName: "Martín", email: "laura@martin.test", phone: "+34 611 000 001" },
      errors: [],
    });
    expect(byRow.get(3)!.errors).toEqual([{ field: "email", errorCode: "INVALID_EMAIL", message: "El correo electrónico no es válido." }]);
    expect(byRow.get(4)!.errors).toEqual([{ field: "name", errorCode: "EMPTY_FIELD", message: "El campo no puede estar vacío." }]);
    expect(byRow.get(5)!.errors).toEqual([
      {
        field: "email",
        errorCode: "CONTACT_DUPLICATE_EMAIL",
        message: "Contacto duplicado: ya existe un contacto con ese correo electrónico.",
      },
    ]);
    expect(byRow.get(6)!.errors).toEqual([
      {
        field: "identNumber",
        errorCode: "CONTACT_DUPLICATE_IDENT",
        message: "Contacto duplicado: ya existe un contacto con ese tipo y número de identificación.",
      },
    ]);
    // Every problem of a row at once, not only the first.
    expect(
      byRow
        .get(7)!
        .errors.map((e) => e.errorCode)
        .sort(),
    ).toEqual(["INVALID_IDENT_NUMBER", "INVALID_PHONE"]);
    expect(await countContacts(org)).toBe(before);
    const english = await sendRequest(
      importContacts,
      uploadRequest(token, { name: "contacts.csv", bytes: spanishCsv }, "preview", { "accept-language": "en-US" }),
    );
    const englishBody = (await english.json()) as Preview;
    expect(englishBody.rows.find((r) => r.row === 3)!.errors[0]!.message).toBe("Invalid e-mail.");
  });

  it("imports nothing when any row fails (all or nothing)", async () => {
    const before = await countContacts(org);
    const { status, body } = await upload(token, { name: "contactos.csv", bytes: spanishCsv }, "commit");
    expect(status).toBe(400);
    expect(body).toMatchObject({
      errorCode: "CONTACT_IMPORT_INVALID_ROWS",
      invalid: 5,
      message: "5 filas tienen errores: no se ha importado ningún contacto. Corríjalas y vuelva a intentarlo.",
    });
    expect(await countContacts(org)).toBe(before);
    expect(await db.contact.count({ where: { organizationId: org.organization.id, firstName: "Laura" } })).toBe(0);
  });

  it("checks again on commit: a contact added since the preview stops the whole import", async () => {
    const file = { name: "equipo.csv", bytes: "name,lastName,email\nTomás,Uribe,tomas@uribe.test\nVera,Zamora,vera@zamora.test\n" };
    expect((await upload(token, file)).body).toMatchObject({ valid: 2, invalid: 0 });
    await create(token, { name: "Vera", lastName: "Zamora", email: "vera@zamora.test" });
    const before = await countContacts(org);
    const { status, body } = await upload(token, file, "commit");
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: "CONTACT_IMPORT_INVALID_ROWS", invalid: 1 });
    expect(await countContacts(org)).toBe(before);
    expect(await db.contactChannel.count({ where: { value: "tomas@uribe.test" } })).toBe(0);
  });

  it("imports every row of a valid XLSX in one go, with channels and favourites, and logs it", async () => {
    const bytes = await xlsxFile([
      ["name", "lastName", "country", "identType", "identNumber", "fingerprintCode", "email", "phone", "preferredLanguage"],
      ["Alba", "Benítez", "ES", "DNI", "55555555K", "FP-9", "alba@benitez.test", "+34622000001", "en-us"],
      ["Bruno", "Cano", "", "", "", "", "", "+34622000002", ""],
      ["Celia", "Duarte", "MX", "PASSPORT", "G1234567", "", "CELIA@DUARTE.TEST", "", ""],
    ]);
    const preview = await upload(token, { name: "contactos.xlsx", bytes });
    expect(preview.body).toMatchObject({ total: 3, valid: 3, invalid: 0 });
    const before = await countContacts(org);
    const { status, body } = await upload<{ created: number }>(token, { name: "contactos.xlsx", bytes }, "commit");
    expect(status).toBe(201);
    expect(body.created).toBe(3);
    expect(await countContacts(org)).toBe(before + 3);
    const alba = await db.contact.findFirstOrThrow({
      where: { organizationId: org.organization.id, identNumber: "55555555K" },
      include: { channels: { orderBy: { id: "asc" } } },
    });
    expect(alba).toMatchObject({ firstName: "Alba", lastName: "Benítez", fingerprintCode: "FP-9", preferredLanguage: "en_us" });
    expect(alba.channels.map((c) => [c.type, c.value, c.favorite])).toEqual([
      ["EMAIL", "alba@benitez.test", true],
      ["SMS", "+34622000001", false],
    ]);
    const bruno = await db.contact.findFirstOrThrow({
      where: { organizationId: org.organization.id, firstName: "Bruno" },
      include: { channels: true },
    });
    expect(bruno.channels.map((c) => [c.type, c.favorite])).toEqual([["SMS", true]]);
    expect((await lastOperation(org, "CONTACT_IMPORT"))?.detail).toContain("import 3 contacts");
  });

  it("reads Windows-1252 CSV files with their accents", async () => {
    const latin1 = Buffer.from("nombre;apellidos;correo\nÍñigo;Peña;inigo@pena.test\n", "latin1");
    const { body } = await upload(token, { name: "excel-windows.csv", bytes: new Uint8Array(latin1) });
    expect(body.rows[0]).toMatchObject({ values: { name: "Íñigo", lastName: "Peña" }, errors: [] });
  });

  const badFiles: [string, { name: string; bytes: Uint8Array | string }, string][] = [
    ["a file that is not a spreadsheet", { name: "contrato.pdf", bytes: "%PDF-1.7 ..." }, "CONTACT_IMPORT_FILE"],
    ["a broken XLSX", { name: "roto.xlsx", bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]) }, "CONTACT_IMPORT_FILE"],
    ["a header without names", { name: "sin-cabecera.csv", bytes: "correo,teléfono\na@b.test,+34600000000\n" }, "CONTACT_IMPORT_HEADERS"],
    ["a header only", { name: "vacio.csv", bytes: "name,lastName,email\n" }, "CONTACT_IMPORT_EMPTY"],
    ["an empty file", { name: "vacio.csv", bytes: "" }, "CONTACT_IMPORT_EMPTY"],
  ];
  for (const [name, file, code] of badFiles) {
    it(`refuses ${name}`, async () => {
      const { status, body } = await upload(token, file);
      expect(status).toBe(400);
      expect(body.errorCode).toBe(code);
      expect(body.message).toBeTruthy();
    });
  }

  it("refuses more rows than the limit", async () => {
    const rows = Array.from({ length: 2001 }, (_, i) => `Persona,Número${i},p${i}@limite.test`);
    const { status, body } = await upload(token, { name: "grande.csv", bytes: ["name,lastName,email", ...rows].join("\n") });
    expect(status).toBe(413);
    expect(body.errorCode).toBe("CONTACT_IMPORT_TOO_LARGE");
  });
});

describe("export (XLSX and CSV)", () => {
  let org: TestOrganization;
  let token: string;
  beforeAll(async () => {
    org = await createTestOrganization();
    token = await signIn((await createTestUser(org)).email);
    await create(token, {
      name: "Zoe",
      lastName: "Vidal",
      identType: "DNI",
      identNumber: "66666666Q",
      email: "zoe@vidal.test",
      phone: "+34633000001",
      fingerprintCode: "FP-7",
    });
    await create(token, { name: "Álvaro", lastName: "Zúñiga", phone: "+34633000002", preferredLanguage: "en-us" });
  });

  it("exports a real XLSX that reads back with every contact", async () => {
    const response = await download(token, { format: "xlsx" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(await sheetRows(workbook)).toEqual([
      ["name", "lastName", "country", "identType", "identNumber", "fingerprintCode", "email", "phone", "preferredLanguage"],
      ["Zoe", "Vidal", "", "DNI", "66666666Q", "FP-7", "zoe@vidal.test", "+34633000001", "es-es"],
      ["Álvaro", "Zúñiga", "", "", "", "", "", "+34633000002", "en-us"],
    ]);
    expect((await lastOperation(org, "CONTACT_EXPORT"))?.detail).toContain("export 2 contacts as xlsx");
  });

  it("exports CSV, limited to a search when given, that imports again elsewhere", async () => {
    const response = await download(token, { format: "csv", search: "vidal" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.csv.read(Readable.from([new TextDecoder().decode(bytes).replace(/^\uFEFF/, "")]), { map: (v: unknown) => v });
    const rows = await sheetRows(workbook);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 2)).toEqual(["Zoe", "Vidal"]);
    expect(rows[1]![7]).toBe("+34633000001");
    const elsewhere = await upload(adminB, { name: "contacts.csv", bytes });
    expect(elsewhere.body).toMatchObject({ total: 1, valid: 1, invalid: 0 });
  });

  it("refuses an unknown format", async () => {
    const response = await download(token, { format: "pdf" });
    expect(response.status).toBe(400);
  });
});

describe("privileges", () => {
  it("lets the operator role view, create and update, and refuses delete, import and export", async () => {
    const contact = await create(operatorA, person());
    const params = { contactHexId: contact.contactHexId };
    expect((await call(listContacts, "/api/contacts", { token: operatorA })).status).toBe(200);
    expect((await call(getContact, contactPath(contact.contactHexId), { token: operatorA, params })).status).toBe(200);
    expect(
      (
        await call(updateContact, contactPath(contact.contactHexId), {
          method: "PUT",
          body: { name: "Ana", lastName: "Operadora" },
          token: operatorA,
          params,
        })
      ).status,
    ).toBe(200);
    expect((await call(addChannel, "/channels", { body: { type: "SMS", value: "+34688000123" }, token: operatorA, params })).status).toBe(
      201,
    );
    const deleted = await call(deleteContact, contactPath(contact.contactHexId), { method: "DELETE", token: operatorA, params });
    expect(deleted.status).toBe(403);
    expect(deleted.body).toMatchObject({ errorCode: "FORBIDDEN", message: "No tiene permiso para realizar esta acción." });
    expect((await upload(operatorA, { name: "c.csv", bytes: "name,lastName,email\nA,B,a@b.test\n" })).status).toBe(403);
    expect((await upload(operatorA, { name: "c.csv", bytes: "name,lastName,email\nA,B,a@b.test\n" }, "commit")).status).toBe(403);
    expect((await download(operatorA, { format: "xlsx" })).status).toBe(403);
    expect(await db.contact.count({ where: { hexId: contact.contactHexId } })).toBe(1);
  });

  it("refuses a role without the contacts module, and anonymous callers", async () => {
    expect((await call(listContacts, "/api/contacts", { token: noRoleA })).status).toBe(403);
    expect((await call(createContact, "/api/contacts", { body: person(), token: noRoleA })).status).toBe(403);
    expect((await call(listContacts, "/api/contacts")).status).toBe(401);
  });
});

describe("organisation isolation", () => {
  let contact: ContactView;
  let params: { contactHexId: string };
  beforeAll(async () => {
    contact = await create(adminA, person({ name: "Privada", lastName: "DeA" }));
    params = { contactHexId: contact.contactHexId };
  });

  it("keeps org A's contacts out of org B's list, search and export", async () => {
    const listed = await call<Page>(listContacts, "/api/contacts", { query: { search: "Privada", size: "100" }, token: adminB });
    expect(listed.body._embedded.contacts).toEqual([]);
    const exported = await download(adminB, { format: "csv", search: "DeA" });
    expect(new TextDecoder().decode(await exported.arrayBuffer())).not.toContain("Privada");
  });

  it("answers 404 to org B for reading, editing, deleting or changing the channels of org A's contact", async () => {
    const channel = contact.channels[0]!;
    const channelParams = { ...params, channelHexId: channel.channelHexId };
    const attempts = [
      await call(getContact, contactPath(contact.contactHexId), { token: adminB, params }),
      await call(updateContact, contactPath(contact.contactHexId), {
        method: "PUT",
        body: { name: "Robado", lastName: "PorB" },
        token: adminB,
        params,
      }),
      await call(deleteContact, contactPath(contact.contactHexId), { method: "DELETE", token: adminB, params }),
      await call(addChannel, "/channels", { body: { type: "EMAIL", value: "intruso@b.test", favorite: true }, token: adminB, params }),
      await call(updateChannel, "/channel", {
        method: "PUT",
        body: { type: "EMAIL", value: "intruso@b.test" },
        token: adminB,
        params: channelParams,
      }),
      await call(deleteChannel, "/channel", { method: "DELETE", token: adminB, params: channelParams }),
      await call(makeFavorite, "/favorite", {
        body: {},
        token: adminB,
        params: { ...params, channelHexId: contact.channels[1]!.channelHexId },
      }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body.errorCode).toBe("NOT_FOUND");
    }
    const after = await call<ContactView>(getContact, contactPath(contact.contactHexId), { token: adminA, params });
    expect(after.body).toMatchObject({ name: "Privada", lastName: "DeA" });
    expect(after.body.channels).toEqual(contact.channels);
  });

  it("does not let org B reach org A's channel through a contact of its own", async () => {
    const own = await create(adminB, person());
    const foreign = contact.channels[1]!;
    const ownParams = { contactHexId: own.contactHexId, channelHexId: foreign.channelHexId };
    expect((await call(deleteChannel, "/channel", { method: "DELETE", token: adminB, params: ownParams })).status).toBe(404);
    expect((await call(makeFavorite, "/favorite", { body: {}, token: adminB, params: ownParams })).status).toBe(404);
    expect(await db.contactChannel.count({ where: { hexId: foreign.channelHexId } })).toBe(1);
  });

  it("does not count org A's contacts as duplicates of org B's", async () => {
    const { status } = await call(createContact, "/api/contacts", { body: person({ email: contact.email }), token: adminB });
    expect(status).toBe(201);
  });
});
