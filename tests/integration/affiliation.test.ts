import { beforeAll, describe, expect, it } from "vitest";
import { getAffiliation, listAffiliations } from "@/lib/affiliation/list-affiliations";
import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import type { ProcessStatus } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import { randomHex } from "@/lib/security/random";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";

// /affiliation and /seeAfiliation read the people who completed a validation process of the organisation:
// not those still validating, rejected or in review, and never another organisation's.

let org: TestOrganization;
let other: TestOrganization;
let context: AuthContext;

const contextOf = (o: TestOrganization) =>
  ({ organizationId: o.organization.id, organizationHexId: o.organization.hexId, authorities: [] }) as unknown as AuthContext;

async function validationFlow(o: TestOrganization) {
  return db.flow.create({
    data: {
      organizationId: o.organization.id,
      name: `Alta ${randomHex(3)}`,
      kind: "VALIDATION",
      active: true,
      steps: { create: [{ position: 1, type: "SELFIE" }] },
    },
  });
}

async function person(
  o: TestOrganization,
  flowId: number,
  status: ProcessStatus,
  data: { firstName: string; lastName: string; identNumber?: string; email?: string; completedAt?: Date },
) {
  return db.validationProcess.create({
    data: {
      organizationId: o.organization.id,
      flowId,
      status,
      country: "ES",
      identType: "DNI",
      identNumber: data.identNumber ?? `${Math.floor(Math.random() * 90_000_000) + 10_000_000}X`,
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email ?? null,
      completedAt: status === "COMPLETED" ? (data.completedAt ?? new Date()) : null,
    },
  });
}

let ana: { hexId: string };
let inReview: { hexId: string };
let foreign: { hexId: string };

beforeAll(async () => {
  org = await createTestOrganization();
  other = await createTestOrganization();
  context = contextOf(org);
  const flow = await validationFlow(org);
  const link = await db.validationLink.create({
    data: {
      organizationId: org.organization.id,
      flowId: flow.id,
      pinHash: "0".repeat(64),
      expirationDate: new Date(Date.now() + 86_400_000),
      description: "Alta de clientes 2026",
    },
  });
  ana = await person(org, flow.id, "COMPLETED", {
    firstName: "Ana",
    lastName: "Pérez Gil",
    identNumber: "12345678Z",
    email: "ana@example.test",
    completedAt: new Date("2026-11-20T10:00:00Z"),
  });
  await db.validationProcess.update({ where: { hexId: ana.hexId }, data: { validationLinkId: link.id } });
  await person(org, flow.id, "COMPLETED", { firstName: "Bruno", lastName: "Díaz", completedAt: new Date("2026-11-22T10:00:00Z") });
  inReview = await person(org, flow.id, "IN_REVIEW", { firstName: "Carla", lastName: "Revisión" });
  await person(org, flow.id, "IN_PROGRESS", { firstName: "Dario", lastName: "Curso" });
  await person(org, flow.id, "REJECTED", { firstName: "Elena", lastName: "Rechazo" });
  const otherFlow = await validationFlow(other);
  foreign = await person(other, otherFlow.id, "COMPLETED", { firstName: "Ana", lastName: "Ajena" });
});

describe("affiliations", () => {
  it("lists only the organisation's completed validations, newest first, with the link's description", async () => {
    const page = await listAffiliations(context, { page: 0, size: 10 });
    expect(page.page.totalElements).toBe(2);
    expect(page._embedded.affiliations.map((a) => a.firstName)).toEqual(["Bruno", "Ana"]);
    const first = page._embedded.affiliations[1];
    expect(first).toMatchObject({
      affiliationHexId: ana.hexId,
      lastName: "Pérez Gil",
      identNumber: "12345678Z",
      validationName: "Alta de clientes 2026",
      affiliatedAt: "2026-11-20T10:00:00.000Z",
    });
    // Without a link, the flow's name says which validation it was.
    expect(page._embedded.affiliations[0]?.validationName).toMatch(/^Alta /);
  });

  it("searches by every word in names, e-mail and id number, case-insensitively, and pages", async () => {
    expect((await listAffiliations(context, { search: "pérez 5678" }))._embedded.affiliations.map((a) => a.firstName)).toEqual(["Ana"]);
    expect((await listAffiliations(context, { search: "ANA@EXAMPLE" })).page.totalElements).toBe(1);
    expect((await listAffiliations(context, { search: "Carla" })).page.totalElements).toBe(0);
    const second = await listAffiliations(context, { page: 1, size: 1 });
    expect(second.page).toEqual({ size: 1, totalElements: 2, totalPages: 2, number: 1 });
    expect(second._embedded.affiliations.map((a) => a.firstName)).toEqual(["Ana"]);
  });

  it("opens a completed validation's detail; one in review or another organisation's is not found", async () => {
    expect((await getAffiliation(context, ana.hexId)).email).toBe("ana@example.test");
    for (const hexId of [inReview.hexId, foreign.hexId, "f".repeat(32), "not-a-hex-id"]) {
      await expect(getAffiliation(context, hexId)).rejects.toSatisfy((e) => e instanceof AppError && e.code === "NOT_FOUND");
    }
    // The other organisation sees its own Ana only.
    const theirs = await listAffiliations(contextOf(other), { search: "ana" });
    expect(theirs._embedded.affiliations.map((a) => a.affiliationHexId)).toEqual([foreign.hexId]);
  });
});
