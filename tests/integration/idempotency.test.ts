import { PDFDocument } from "@cantoo/pdf-lib";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createKey } from "@/app/api/api-keys/route";
import { POST as createContact } from "@/app/api/contacts/route";
import { POST as createDocument } from "@/app/api/documents/route";
import { POST as uploadFile } from "@/app/api/documents/[documentHexId]/files/route";
import { POST as rotateCallbackSecret } from "@/app/api/callback-secret/rotate/route";
import { POST as signup } from "@/app/api/signup/route";
import { organizationCallbackSecret } from "@/lib/callbacks/callback-secret";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { twoOrganizations } from "../support/cast";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import type { TestOrganization } from "../support/fixtures";

type Answer = {
  documentHexId?: string;
  contactHexId?: string;
  errorCode?: string;
  message?: string;
  apiKey?: string;
  apiUserHexId?: string;
};

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let adminB: string;
let apiKeyA: string;

const drafts = (organization: TestOrganization) => db.document.count({ where: { organizationId: organization.organization.id } });

function createDraft(idempotencyKey: string, body: Record<string, unknown>, credentials: Record<string, string>) {
  return call<Answer>(createDocument, "/api/documents", { body, headers: { "idempotency-key": idempotencyKey, ...credentials } });
}

beforeAll(async () => {
  ({ orgA, orgB, adminA, adminB } = await twoOrganizations());
  const key = await call<Answer>(createKey, "/api/api-keys", {
    body: { name: `ERP ${randomHex(3)}`, roleHexId: orgA.adminRole.hexId },
    token: adminA,
  });
  expect(key.status).toBe(201);
  apiKeyA = key.body.apiKey!;
});

describe("Idempotency-Key on POSTs that create", () => {
  it("replays the first answer to a retry with the same key and body, creating nothing more", async () => {
    const key = randomHex(16);
    const before = await drafts(orgA);
    const first = await createDraft(key, { title: "Contrato marco" }, { "x-api-key": apiKeyA });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await createDraft(key, { title: "Contrato marco" }, { "x-api-key": apiKeyA });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(await drafts(orgA)).toBe(before + 1);

    // Without a key every POST creates.
    const plain = await call<Answer>(createDocument, "/api/documents", {
      body: { title: "Contrato marco" },
      headers: { "x-api-key": apiKeyA },
    });
    expect(plain.body.documentHexId).not.toBe(first.body.documentHexId);
    expect(await drafts(orgA)).toBe(before + 2);
  });

  it("refuses the same key with another body (409, in the caller's language) and creates nothing", async () => {
    const key = randomHex(16);
    expect((await createDraft(key, { title: "Primero" }, { authorization: `Bearer ${adminA}` })).status).toBe(201);
    const before = await drafts(orgA);
    const other = await createDraft(key, { title: "Otro" }, { authorization: `Bearer ${adminA}` });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      errorCode: "IDEMPOTENCY_KEY_REUSED",
      message: "Esta Idempotency-Key ya se usó con otra petición. Use una clave nueva para cada operación distinta.",
    });
    const english = await createDraft(key, { title: "Otro" }, { authorization: `Bearer ${adminA}`, "accept-language": "en-US" });
    expect(english.body.message).toBe(
      "This Idempotency-Key was already used with a different request. Use a new key for each distinct operation.",
    );
    // The same key on another route is another request too.
    const contact = await call<Answer>(createContact, "/api/contacts", {
      body: { title: "Primero" },
      headers: { "idempotency-key": key, authorization: `Bearer ${adminA}` },
    });
    expect(contact.body.errorCode).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await drafts(orgA)).toBe(before);
  });

  it("keeps each caller's keys apart: another user, key or organisation with the same key creates its own", async () => {
    const key = randomHex(16);
    const byKey = await createDraft(key, { title: "Compartida" }, { "x-api-key": apiKeyA });
    const byUser = await createDraft(key, { title: "Compartida" }, { authorization: `Bearer ${adminA}` });
    const byOtherOrg = await createDraft(key, { title: "Compartida" }, { authorization: `Bearer ${adminB}` });
    expect([byKey.status, byUser.status, byOtherOrg.status]).toEqual([201, 201, 201]);
    expect(new Set([byKey.body.documentHexId, byUser.body.documentHexId, byOtherOrg.body.documentHexId]).size).toBe(3);
    expect([byUser, byOtherOrg].map((a) => a.headers.get("idempotent-replayed"))).toEqual([null, null]);
    expect(await db.document.count({ where: { hexId: byOtherOrg.body.documentHexId, organizationId: orgB.organization.id } })).toBe(1);
  });

  it("creates one shipment for two concurrent requests with the same key", async () => {
    const key = randomHex(16);
    const before = await drafts(orgA);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => createDraft(key, { title: "A la vez" }, { authorization: `Bearer ${adminA}` })),
    );
    expect(await drafts(orgA)).toBe(before + 1);
    const original = answers.filter((a) => a.status === 201 && a.headers.get("idempotent-replayed") === null);
    expect(original).toHaveLength(1);
    for (const answer of answers) {
      if (answer === original[0]) continue;
      // Still running: 409 IN_USE; already answered: the same answer, replayed.
      if (answer.status === 409) expect(answer.body.errorCode).toBe("IDEMPOTENCY_KEY_IN_USE");
      else expect(answer.body.documentHexId).toBe(original[0]!.body.documentHexId);
    }
    const retry = await createDraft(key, { title: "A la vez" }, { authorization: `Bearer ${adminA}` });
    expect(retry.body.documentHexId).toBe(original[0]!.body.documentHexId);
  });

  it("keeps no refused answer: the client may correct the request and retry with the same key", async () => {
    const key = randomHex(16);
    const refused = await call<Answer>(createContact, "/api/contacts", {
      body: { name: "Eva" },
      headers: { "idempotency-key": key, authorization: `Bearer ${adminA}` },
    });
    expect(refused.status).toBe(400);
    const corrected = await call<Answer>(createContact, "/api/contacts", {
      body: { name: "Eva", lastName: "Ruiz", email: `eva.${randomHex(4)}@example.test` },
      headers: { "idempotency-key": key, authorization: `Bearer ${adminA}` },
    });
    expect(corrected.status).toBe(201);
    expect(corrected.body.contactHexId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("refuses a malformed key", async () => {
    const answer = await createDraft("x".repeat(256), { title: "Larga" }, { authorization: `Bearer ${adminA}` });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: "IDEMPOTENCY_KEY_INVALID", field: "Idempotency-Key" });
  });

  it("replays an API key's creation, secret included, without keeping the secret readable", async () => {
    const key = randomHex(16);
    const body = { name: `Reintento ${randomHex(3)}`, roleHexId: orgA.adminRole.hexId };
    const first = await call<Answer>(createKey, "/api/api-keys", { body, token: adminA, headers: { "idempotency-key": key } });
    const retry = await call<Answer>(createKey, "/api/api-keys", { body, token: adminA, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    expect(retry.body.apiKey).toBe(first.body.apiKey);
    expect(await db.apiKey.count({ where: { name: body.name } })).toBe(1);
    const stored = await db.idempotencyKey.findMany({ where: { key } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body).not.toContain(first.body.apiKey!);
  });

  it("replays a multipart upload retried with a new boundary", async () => {
    const draft = await createDraft(randomHex(16), { title: "Con fichero" }, { authorization: `Bearer ${adminA}` });
    const pdf = await PDFDocument.create();
    pdf.addPage([300, 400]);
    const bytes = await pdf.save();
    const key = randomHex(16);
    const upload = async (name: string) => {
      const form = new FormData();
      form.set("file", new File([bytes as BlobPart], name, { type: "application/pdf" }));
      const request = new NextRequest(`http://127.0.0.1:3000/api/documents/${draft.body.documentHexId}/files`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${adminA}`, "idempotency-key": key, ...clientAddressHeaders("203.0.113.31") },
      });
      return sendRequest(uploadFile, request);
    };
    const first = await upload("contrato.pdf");
    expect(first.status).toBe(201);
    const retry = await upload("contrato.pdf");
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(await first.json());
    const document = await db.document.findUniqueOrThrow({ where: { hexId: draft.body.documentHexId }, include: { files: true } });
    expect(document.files).toHaveLength(1);
    expect((await upload("otro.pdf")).status).toBe(409);
  });
});

describe("Idempotency-Key on the POSTs that send a secret or create an account", () => {
  it("replays a callback secret's rotation to the same administrator: one rotation, the same secret", async () => {
    const key = randomHex(16);
    const rotate = (idempotencyKey?: string) =>
      call<{ secret: string }>(rotateCallbackSecret, "/api/callback-secret/rotate", {
        method: "POST",
        token: adminA,
        headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {},
      });
    const first = await rotate(key);
    expect(first.status).toBe(200);
    const retry = await rotate(key);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body.secret).toBe(first.body.secret);
    // The replay rotated nothing: the secret the first call gave is still the live one, which a new rotation replaces.
    expect(await organizationCallbackSecret(orgA.organization.id)).toBe(first.body.secret);
    const next = await rotate();
    expect(next.body.secret).not.toBe(first.body.secret);
  });

  it("replays an anonymous sign-up to the same client address; another body with the key is 409, another address runs its own", async () => {
    const key = randomHex(16);
    const input = {
      organizationName: "Gestoría Reintento",
      firstName: "Lucía",
      lastName: "Fernández",
      email: `reintento-${randomHex(4)}@example.test`,
      cellPhone: `+3469${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
      country: "ES",
      identType: "DNI",
      identNumber: "12345678Z",
      password: "Firma-Segura-2026!",
      confirmPassword: "Firma-Segura-2026!",
    };
    const send = (body: Record<string, unknown>, ip: string) =>
      call<{ userHexId?: string; errorCode?: string }>(signup, "/api/signup", { body, ip, headers: { "idempotency-key": key } });
    const first = await send(input, "198.51.100.201");
    expect(first.status).toBe(201);
    const retry = await send(input, "198.51.100.201");
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(await db.user.count({ where: { email: input.email } })).toBe(1);

    const other = await send({ ...input, organizationName: "Otra Gestoría" }, "198.51.100.201");
    expect(other.status).toBe(409);
    expect(other.body.errorCode).toBe("IDEMPOTENCY_KEY_REUSED");
    // The key is the client's own: from another address the same request runs, and finds the e-mail taken.
    const elsewhere = await send(input, "198.51.100.202");
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.errorCode).toBe("EMAIL_IN_USE");
  });
});
