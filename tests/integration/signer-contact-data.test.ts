import { beforeAll, describe, expect, it } from "vitest";
import { POST as createContact } from "@/app/api/contacts/route";
import { POST as createDocument } from "@/app/api/documents/route";
import { PUT as putSigners } from "@/app/api/documents/[documentHexId]/signers/route";
import { POST as sendRoute } from "@/app/api/documents/[documentHexId]/send/route";
import { GET as getProcessRoute } from "@/app/api/signprocess/getSignatureProcess/[id]/route";
import { POST as stepRoute } from "@/app/api/signprocess/[id]/step/[page]/route";
import { db } from "@/lib/db/client";
import type { DraftView } from "@/lib/documents/draft-records";
import { randomHex } from "@/lib/security/random";
import { storage } from "@/lib/storage";
import { twoOrganizations } from "../support/cast";
import type { TestOrganization } from "../support/fixtures";
import { call } from "../support/http";
import { testPhone } from "../support/ready-document";
import { issueLink, testPdf } from "../support/signing";

// Issue 16, point 11: what the organisation holds on a contact (country, identification, phone)
// reaches the signer's data-confirm, and a signer whose country nobody knows is offered the
// organisation's country, not the first one in the list. The whole path through the API: contact →
// draft signer → sent shipment → the signer's link → getSignatureProcess (what data-confirm shows).

let orgA: TestOrganization;
let adminA: string;
let flowHexId: string;

beforeAll(async () => {
  ({ orgA, adminA } = await twoOrganizations());
  flowHexId = (
    await db.flow.create({
      data: {
        organizationId: orgA.organization.id,
        name: `Firma ${randomHex(3)}`,
        kind: "SIGNATURE",
        active: true,
        steps: {
          create: [
            { position: 1, type: "DATA_CONFIRM" },
            { position: 2, type: "SIGNATURE" },
          ],
        },
      },
    })
  ).hexId;
});

type ProcessData = { result: number; data: Record<string, unknown> };

async function contact(body: Record<string, unknown>) {
  const created = await call<{ contactHexId: string }>(createContact, "/api/contacts", {
    body: { name: "Lucía", lastName: "Martín", email: `lucia.${randomHex(4)}@example.test`, ...body },
    token: adminA,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.contactHexId;
}

/** A shipment to the contact, sent through the API; the link stands in for the invitation mail (sending.test.ts reads those). */
async function sendTo(contactHexId: string) {
  const draft = await call<DraftView>(createDocument, "/api/documents", {
    body: {
      title: "Escritura",
      description: "Escritura de compraventa",
      expirationDate: new Date(Date.now() + 10 * 24 * 3600_000).toISOString(),
      flowHexId,
    },
    token: adminA,
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const documentHexId = draft.body.documentHexId;
  const document = await db.document.findUniqueOrThrow({ where: { hexId: documentHexId } });
  const stored = await storage().put(await testPdf());
  await db.documentFile.create({
    data: {
      documentId: document.id,
      fileName: "escritura.pdf",
      storageKey: stored.key,
      sha256: stored.sha256,
      size: stored.size,
      pages: 1,
    },
  });
  const set = await call<DraftView>(putSigners, `/api/documents/${documentHexId}/signers`, {
    method: "PUT",
    token: adminA,
    params: { documentHexId },
    body: { signers: [{ contactHexId, position: 1 }], orders: [{ position: 1, minSigners: 1 }] },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const sent = await call(sendRoute, `/api/documents/${documentHexId}/send`, { method: "POST", token: adminA, params: { documentHexId } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const signer = await db.signer.findFirstOrThrow({ where: { documentId: document.id } });
  return { signer, secret: await issueLink(signer.id), draft: set.body };
}

const getProcess = (processHexId: string, secret: string) =>
  call<ProcessData>(getProcessRoute, `/api/signprocess/getSignatureProcess/${processHexId}`, {
    params: { id: processHexId },
    headers: { "x-url-sign": secret },
  });

describe("the contact's data on the signer's data-confirm (point 11)", () => {
  it("carries the contact's country, identification and phone from the contact to the signer's process data", async () => {
    const phone = testPhone();
    const contactHexId = await contact({ country: "ES", identType: "DNI", identNumber: "12345678Z", phone });
    const { signer, secret, draft } = await sendTo(contactHexId);
    // The contact's favourite channel (the e-mail, given first) still carries the invitation.
    expect(draft.signers[0]).toMatchObject({ contactHexId, cellPhone: phone });
    expect(draft.signers[0]?.email).toMatch(/^lucia\./);

    const process = await getProcess(signer.hexId, secret);
    expect(process.body.result).toBe(1);
    expect(process.body.data).toMatchObject({
      country: "ES",
      defaultCountry: "ES",
      identType: "DNI",
      identName: "DNI",
      identNumber: "12345678Z",
      cellPhone: phone,
      contactHexId,
      userRegistered: true,
    });

    // What data-confirm shows is what the signer confirms.
    const confirmed = await call(stepRoute, `/api/signprocess/${signer.hexId}/step/data-confirm`, {
      method: "POST",
      body: { identType: "DNI", identNumber: "12345678Z", country: "ES", cellPhone: phone },
      params: { id: signer.hexId, page: "data-confirm" },
      headers: { "x-url-sign": secret },
    });
    expect(confirmed.status).toBe(200);
  });

  it("offers the organisation's country when the contact has none", async () => {
    await db.organization.update({ where: { id: orgA.organization.id }, data: { country: "MX" } });
    try {
      const contactHexId = await contact({});
      const { signer, secret } = await sendTo(contactHexId);
      const process = await getProcess(signer.hexId, secret);
      expect(process.body.data).toMatchObject({ country: null, defaultCountry: "MX", identType: null, identNumber: null });
    } finally {
      await db.organization.update({ where: { id: orgA.organization.id }, data: { country: "ES" } });
    }
  });
});
