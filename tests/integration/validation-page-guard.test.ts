import { beforeAll, describe, expect, it } from "vitest";
import { POST as geolocateRoute } from "@/app/api/signprocess/addSigneeGeolocation/route";
import { POST as rejectRoute } from "@/app/api/validation-process/[processHexId]/reject/route";
import { POST as stepRoute } from "@/app/api/validation-process/[processHexId]/step/[page]/route";
import { POST as loginRoute } from "@/app/api/validation/[validationHexId]/login/route";
import { POST as createLinkRoute } from "@/app/api/validations/route";
import { db } from "@/lib/db/client";
import type { StepType } from "@/lib/db/generated/enums";
import { randomHex } from "@/lib/security/random";
import { guardValidationPage, type ValidationPageOptions } from "@/lib/validation-process/page-guard";
import { seedReferenceData } from "@/prisma/reference-data";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call } from "../support/http";
import { signIn } from "../support/sign-in";
import { createValidationFlow } from "../support/validation-review";

// Where each /validation-process page sends the person (lib/validation-process/page-guard.ts): the pages are driven
// by the real calls a phone makes (PIN login, data step, location, rejection), and the guard is asked as a page asks it.

type Person = { processHexId: string; urlSign: string };

let org: TestOrganization;
let adminToken: string;
let adminId: number;
let ipCounter = 30;

beforeAll(async () => {
  org = await createTestOrganization();
  const admin = await createTestUser(org);
  adminId = admin.id;
  adminToken = await signIn(admin.email);
  await seedReferenceData(db);
});

async function startValidation(steps: StepType[], options: { ask?: boolean } = {}): Promise<Person> {
  const flow = await createValidationFlow(
    org.organization.id,
    steps.map((type) => ({ type })),
  );
  const link = await call<{ validationHexId: string }>(createLinkRoute, "/api/validations", {
    token: adminToken,
    body: {
      flowHexId: flow.hexId,
      pin: "2468",
      expirationDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      description: `Alta ${randomHex(2)}`,
      ...(options.ask ? { userLocation: "ASK" } : {}),
    },
  });
  expect(link.status).toBe(201);
  const { validationHexId } = link.body;
  ipCounter += 1;
  const entered = await call<Person>(loginRoute, `/api/validation/${validationHexId}/login`, {
    body: { pin: "2468" },
    params: { validationHexId },
    ip: `198.51.100.${ipCounter}`,
  });
  expect(entered.status).toBe(200);
  return entered.body;
}

const guard = (person: Person, page: string, options: ValidationPageOptions = {}, urlSign = person.urlSign) =>
  guardValidationPage(page, urlSign, person.processHexId, "203.0.113.40", options);

const pathOf = (person: Person, page: string) => `/validation-process/${page}/${person.urlSign}/${person.processHexId}`;

const sendData = (person: Person) =>
  call(stepRoute, `/api/validation-process/${person.processHexId}/step/data-capture-validation`, {
    body: { firstName: "Ana", lastName: "Prueba", country: "ES", identType: "DNI", identNumber: "12345678Z" },
    params: { processHexId: person.processHexId, page: "data-capture-validation" },
    headers: { "x-url-sign": person.urlSign },
  });

describe("the validation pages' guard", () => {
  it("answers an unknown process or a wrong secret with the unknown-link page", async () => {
    const person = await startValidation(["DATA_CONFIRM", "SELFIE"]);
    expect(await guard(person, "home-page", {}, randomHex(16))).toEqual({ redirect: "/error/UNKNOWN/UNKNOWN" });
    expect(await guard({ ...person, processHexId: randomHex(16) }, "home-page")).toEqual({ redirect: "/error/UNKNOWN/UNKNOWN" });
  });

  it("sends a step page out of turn to the current step, and data-confirm only once the data were sent", async () => {
    const person = await startValidation(["DATA_CONFIRM", "SELFIE"]);
    const home = await guard(person, "home-page");
    expect(home).toMatchObject({
      live: true,
      data: { nextPage: "data-capture-validation", stepOrder: ["data-capture-validation", "selfie-photo"] },
    });
    expect(await guard(person, "selfie-photo", { stepPage: true })).toEqual({ redirect: pathOf(person, "data-capture-validation") });
    expect(await guard(person, "data-confirm", { stepPage: true })).toEqual({ redirect: pathOf(person, "data-capture-validation") });
    expect(await guard(person, "data-capture-validation", { stepPage: true })).toMatchObject({ live: true });

    expect((await sendData(person)).status).toBe(200);
    expect(await guard(person, "data-confirm", { stepPage: true })).toMatchObject({
      live: true,
      data: { dataCaptured: true, person: { firstName: "Ana", identNumber: "12345678Z" } },
    });
    // The form stays open to correct the data until they are confirmed.
    expect(await guard(person, "data-capture-validation", { stepPage: true })).toMatchObject({ live: true });
    expect(await guard(person, "selfie-photo", { stepPage: true })).toMatchObject({ redirect: expect.stringMatching(/\/data-confirm\//) });
  });

  it("asks for the location on the home page first when the link asks for it", async () => {
    const person = await startValidation(["DATA_CONFIRM", "SELFIE"], { ask: true });
    expect(await guard(person, "data-capture-validation", { stepPage: true })).toEqual({ redirect: pathOf(person, "home-page") });
    expect(await guard(person, "home-page")).toMatchObject({ live: true, data: { geolocateSigners: true, located: false } });
    const located = await call(geolocateRoute, "/api/signprocess/addSigneeGeolocation", {
      body: {
        process: "VALIDACION",
        processHexId: person.processHexId,
        geolocation: { timestamp: Date.now(), latitude: 40.4, longitude: -3.7 },
      },
      headers: { "x-url-sign": person.urlSign },
    });
    expect(located.status).toBe(200);
    expect(await guard(person, "data-capture-validation", { stepPage: true })).toMatchObject({ live: true });
  });

  it("shows a rejection by the person on document-rejection from then on, and a staff decision on its link-state page", async () => {
    const person = await startValidation(["DATA_CONFIRM", "SELFIE"]);
    const rejected = await call(rejectRoute, `/api/validation-process/${person.processHexId}/reject`, {
      body: { reason: "No lo he pedido" },
      params: { processHexId: person.processHexId },
      headers: { "x-url-sign": person.urlSign },
    });
    expect(rejected.status).toBe(200);
    for (const page of ["home-page", "data-capture-validation", "full-process"])
      expect(await guard(person, page, { stepPage: page !== "home-page" })).toEqual({ redirect: pathOf(person, "document-rejection") });
    expect(await guard(person, "document-rejection", { showsStates: ["REJECTED"] })).toMatchObject({
      live: false,
      state: "REJECTED",
      rejectedByPerson: true,
    });

    const decided = await startValidation(["SELFIE"]);
    await db.validationProcess.update({
      where: { hexId: decided.processHexId },
      data: { status: "REJECTED", reviewedById: adminId, reviewedAt: new Date() },
    });
    expect(await guard(decided, "document-rejection", { showsStates: ["REJECTED"] })).toEqual({ redirect: "/error/REJECTED/REJECTED" });
  });

  it("leads a completed process to full-process, one in review to review-process and a lapsed one to its link-state page", async () => {
    const completed = await startValidation(["SELFIE"]);
    await db.validationProcess.update({ where: { hexId: completed.processHexId }, data: { status: "COMPLETED", currentStep: 1 } });
    expect(await guard(completed, "selfie-photo", { stepPage: true })).toEqual({ redirect: pathOf(completed, "full-process") });
    expect(await guard(completed, "full-process", { showsStates: ["COMPLETED"], stepPage: true })).toMatchObject({
      live: false,
      state: "COMPLETED",
    });

    const inReview = await startValidation(["SELFIE"]);
    await db.validationProcess.update({ where: { hexId: inReview.processHexId }, data: { status: "IN_REVIEW" } });
    expect(await guard(inReview, "home-page")).toEqual({ redirect: pathOf(inReview, "review-process") });
    expect(await guard(inReview, "review-process", { showsStates: ["IN_REVIEW"] })).toMatchObject({ live: false, state: "IN_REVIEW" });

    const lapsed = await startValidation(["SELFIE"]);
    await db.validationProcess.update({ where: { hexId: lapsed.processHexId }, data: { expirationDate: new Date(Date.now() - 1000) } });
    expect(await guard(lapsed, "home-page")).toEqual({ redirect: "/error/PENDING/LAPSED" });
  });
});
