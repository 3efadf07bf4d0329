import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/documents/route";
import { POST as mySignatureRoute } from "@/app/api/documents/[documentHexId]/my-signature/route";
import { openSignerLink } from "@/lib/signing/open-link";
import { sha256Hex } from "@/lib/security/random";
import { createSentShipment } from "../support/signing";
import { contextFromToken } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { listMyPending } from "@/lib/documents/list-my-pending";
import type { DocumentListPage } from "@/lib/documents/list-schemas";
import { randomHex } from "@/lib/security/random";
import { call } from "../support/http";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let operatorA: string;
let noRoleA: string;
let adminB: string;
let operatorEmail: string;
const marker = randomHex(4);

type SignerSeed = { status?: "PENDING" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED"; email?: string; invited?: boolean };

async function seedDocument(
  organizationId: number,
  title: string,
  options: { status?: "DRAFT" | "SENT" | "COMPLETED"; tags?: string[]; signers?: SignerSeed[]; createdAt?: Date } = {},
) {
  return db.document.create({
    data: {
      organizationId,
      title,
      status: options.status ?? "SENT",
      tags: options.tags ?? [],
      sentAt: options.status === "DRAFT" ? null : new Date(),
      createdAt: options.createdAt,
      signers: {
        create: (options.signers ?? []).map((signer, index) => ({
          firstName: `Firmante${index}`,
          lastName: "Prueba",
          email: signer.email ?? `signer-${randomHex(6)}@example.test`,
          status: signer.status ?? "PENDING",
          invitedAt: signer.invited === false ? null : new Date(),
        })),
      },
    },
  });
}

const list = (token: string, query: Record<string, string> = {}) =>
  call<DocumentListPage & { errorCode?: string }>(listRoute, "/api/documents", { token, query });

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [a, op, none, b] = await Promise.all([
    createTestUser(orgA),
    createTestUser(orgA, { role: "operator" }),
    createTestUser(orgA, { role: "none" }),
    createTestUser(orgB),
  ]);
  operatorEmail = op.email;
  [adminA, operatorA, noRoleA, adminB] = await Promise.all([signIn(a.email), signIn(op.email), signIn(none.email), signIn(b.email)]);
  const base = Date.now() - 60_000;
  await seedDocument(orgA.organization.id, `Contrato ${marker} uno`, {
    signers: [{ status: "COMPLETED" }, {}, {}],
    createdAt: new Date(base),
  });
  await seedDocument(orgA.organization.id, `Anexo ${marker} dos`, {
    status: "DRAFT",
    tags: [`ventas-${marker}`],
    createdAt: new Date(base + 1000),
  });
  await seedDocument(orgA.organization.id, `Contrato ${marker} tres`, {
    status: "COMPLETED",
    signers: [{ status: "COMPLETED" }],
    createdAt: new Date(base + 2000),
  });
  await seedDocument(orgB.organization.id, `Contrato ${marker} ajeno`, { signers: [{}] });
});

describe("GET /api/documents", () => {
  it("lists the organisation's shipments newest first, with signed/total signer counts", async () => {
    const { status, body } = await list(adminA);
    expect(status).toBe(200);
    const titles = body._embedded.documents.map((d) => d.title);
    expect(titles).toEqual([`Contrato ${marker} tres`, `Anexo ${marker} dos`, `Contrato ${marker} uno`]);
    const first = body._embedded.documents.find((d) => d.title === `Contrato ${marker} uno`);
    expect(first).toMatchObject({ status: "SENT", signersTotal: 3, signersSigned: 1 });
    expect(body.page).toMatchObject({ totalElements: 3, number: 0, size: 10 });
  });

  it("searches by title or tag and filters by status", async () => {
    expect((await list(adminA, { search: `contrato ${marker}` })).body._embedded.documents).toHaveLength(2);
    expect((await list(adminA, { search: `ventas-${marker}` })).body._embedded.documents.map((d) => d.title)).toEqual([
      `Anexo ${marker} dos`,
    ]);
    expect((await list(adminA, { status: "COMPLETED" })).body._embedded.documents.map((d) => d.title)).toEqual([`Contrato ${marker} tres`]);
    expect((await list(adminA, { status: "NOPE" })).status).toBe(400);
  });

  it("pages with the requested size", async () => {
    const second = await list(adminA, { size: "2", page: "1" });
    expect(second.body._embedded.documents.map((d) => d.title)).toEqual([`Contrato ${marker} uno`]);
    expect(second.body.page).toMatchObject({ size: 2, totalElements: 3, totalPages: 2, number: 1 });
  });

  it("is open to the operator and closed to a user without the privilege", async () => {
    expect((await list(operatorA)).body._embedded.documents).toHaveLength(3);
    expect((await list(noRoleA)).status).toBe(403);
    expect((await list("")).status).toBe(401);
  });

  it("never shows another organisation's shipments", async () => {
    const other = await list(adminB, { search: marker });
    expect(other.body._embedded.documents.map((d) => d.title)).toEqual([`Contrato ${marker} ajeno`]);
    const own = await list(adminA, { search: "ajeno" });
    expect(own.body._embedded.documents).toHaveLength(0);
  });
});

describe("listMyPending (/inbox)", () => {
  it("lists the shipments that wait for the caller's signature in the caller's organisation only", async () => {
    const wanted = await seedDocument(orgA.organization.id, `Para mí ${marker}`, { signers: [{ email: operatorEmail.toUpperCase() }] });
    await seedDocument(orgA.organization.id, `Ya firmado ${marker}`, { signers: [{ email: operatorEmail, status: "COMPLETED" }] });
    await seedDocument(orgA.organization.id, `Sin invitar ${marker}`, { signers: [{ email: operatorEmail, invited: false }] });
    await seedDocument(orgA.organization.id, `De otro ${marker}`, { signers: [{}] });
    await seedDocument(orgB.organization.id, `Otra organización ${marker}`, { signers: [{ email: operatorEmail }] });
    const context = await contextFromToken(operatorA);
    const pending = await listMyPending(context);
    expect(pending.map((d) => d.documentHexId)).toEqual([wanted.hexId]);
    expect(JSON.stringify(pending)).not.toMatch(/urlSign|\/sign\//);
    const adminContext = await contextFromToken(adminA);
    expect(await listMyPending(adminContext)).toEqual([]);
  });
});

describe("signing one's own pending document from the portal (/docdetail/{id}/mySign)", () => {
  const open = (token: string, documentHexId: string) =>
    call<{ redirect?: string; errorCode?: string }>(mySignatureRoute, `/api/documents/${documentHexId}/my-signature`, {
      method: "POST",
      body: {},
      token,
      params: { documentHexId },
    });

  it("takes the staff member who is the invited signer to the signer pages with their own link, and nobody else", async () => {
    const { document, signers } = await createSentShipment(orgA.organization.id, { signers: [{}, {}] });
    const mine = signers[0]!;
    await db.signer.update({ where: { id: mine.id }, data: { email: operatorEmail.toUpperCase() } });

    const opened = await open(operatorA, document.hexId);
    expect(opened.status).toBe(200);
    const match = /^\/sign\/([0-9a-f]{32})\/([0-9a-f]{32})$/.exec(opened.body.redirect ?? "");
    expect(match?.[2]).toBe(mine.hexId);
    // A fresh link of the signer's own, which the signer pages accept; the mailed one ends with it.
    expect((await db.signer.findUniqueOrThrow({ where: { id: mine.id } })).urlSignHash).toBe(sha256Hex(match![1]!));
    const landed = await openSignerLink(mine.hexId, match![1]!, { ip: "203.0.113.10", userAgent: "vitest" });
    expect(landed.redirect).toBe(`/signature-process/home-page/${match![1]}/${mine.hexId}`);
    const events = await db.auditEvent.findMany({ where: { documentId: document.id }, select: { type: true } });
    expect(events.map((e) => e.type)).toContain("signer.portal-link-issued");

    // Another staff member of the organisation, one of another organisation: not their signature.
    expect((await open(adminA, document.hexId)).body.errorCode).toBe("NOT_FOUND");
    expect((await open(adminB, document.hexId)).body.errorCode).toBe("NOT_FOUND");
    // A staff member without the "my signatures" privilege.
    expect((await open(noRoleA, document.hexId)).status).toBe(403);
    // Once the signer has finished, the link is not issued again.
    await db.signer.update({ where: { id: mine.id }, data: { status: "COMPLETED" } });
    expect((await open(operatorA, document.hexId)).body.errorCode).toBe("NOT_FOUND");
  });
});
