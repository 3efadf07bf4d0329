import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Queue } from "bullmq";
import sharp from "sharp";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as saveCriRoute } from "@/app/api/centralRecord/saveCRIEvidence/[id]/route";
import { POST as geolocateRoute } from "@/app/api/signprocess/addSigneeGeolocation/route";
import { POST as signerEvidenceRoute } from "@/app/api/signprocess/[id]/evidence/route";
import { GET as signerVerifyRoute } from "@/app/api/signprocess/verify/[id]/route";
import { POST as evidenceRoute } from "@/app/api/validation-process/[processHexId]/evidence/route";
import { POST as rejectRoute } from "@/app/api/validation-process/[processHexId]/reject/route";
import { POST as restartRoute } from "@/app/api/validation-process/[processHexId]/restart/route";
import { POST as stepRoute } from "@/app/api/validation-process/[processHexId]/step/[page]/route";
import { POST as challengeRoute } from "@/app/api/validation-process/[processHexId]/video-challenge/route";
import { GET as processRoute } from "@/app/api/validation/getValidationProcess/[id]/route";
import { POST as loginRoute } from "@/app/api/validation/[validationHexId]/login/route";
import { POST as newSelfieRoute } from "@/app/api/validation/uploadNewSelfie/route";
import { GET as verifyRoute } from "@/app/api/validation/verify/[id]/route";
import { GET as staffListRoute } from "@/app/api/validation-processes/route";
import { GET as staffDetailRoute } from "@/app/api/validation-processes/[processHexId]/route";
import { POST as createLinkRoute } from "@/app/api/validations/route";
import { verifyAuditChain } from "@/lib/audit/audit-event";
import { db } from "@/lib/db/client";
import type { StepType } from "@/lib/db/generated/enums";
import { evidenceQueue, faceCheckJobName } from "@/lib/evidence/face-comparison";
import { faceEngine } from "@/lib/face/face-engine";
import { queueConnection } from "@/lib/queue/connection";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { importRegistry } from "@/lib/registry/import-registry";
import { randomHex } from "@/lib/security/random";
import { validationCapturedForCurrentStep, validationEvidenceProcess } from "@/lib/validation-process/validation-identity";
import { seedReferenceData } from "@/prisma/reference-data";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { signIn } from "../support/sign-in";
import { createSentShipment } from "../support/signing";
import { realFaces } from "../support/test-media";
import { createValidationFlow } from "../support/validation-review";

// The person's side of a validation process (issue 11 item 3), driven through its public routes as the phone calls
// them: the PIN login, the data, the captures through the evidence pipeline with its face check job, attempts,
// restart, the person's rejection, a lapsed process, obligatory location, and what each state answers.

const { franck, haveFaces, offline } = realFaces(2, "this case needs real faces");

type Answer = {
  result?: number | string;
  next?: string;
  finished?: boolean;
  evidenceHexId?: string;
  status?: string;
  linkState?: string | null;
  errorCode?: string;
  page?: string;
  state?: string;
  field?: string;
  digits?: string;
  challengeId?: string;
  attempts?: number;
  exhausted?: boolean;
  invalid?: boolean;
  data?: { nextPage?: string; status?: string; currentStep?: number; lastCheck?: { kind: string; check: string } | null };
};

type Person = { processHexId: string; urlSign: string; processId: number };

let org: TestOrganization;
let stranger: TestOrganization;
let adminToken: string;
let strangerToken: string;
let queue: Queue;
let ipCounter = 20;

beforeAll(async () => {
  [org, stranger] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [admin, strangerAdmin] = await Promise.all([createTestUser(org), createTestUser(stranger)]);
  [adminToken, strangerToken] = await Promise.all([signIn(admin.email), signIn(strangerAdmin.email)]);
  // The countries and identification types the product offers (the data step is checked against them).
  await seedReferenceData(db);
  queue = new Queue(evidenceQueue, { connection: queueConnection() });
  if (haveFaces) await faceEngine();
});

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await closeProducers();
});

/** A validation flow of the organisation, a link to it made by staff, and one person through its PIN. */
async function startValidation(
  steps: { type: StepType; compareWithPosition?: number; maxAttempts?: number }[],
  options: { obligatoryGeolocation?: boolean } = {},
): Promise<Person> {
  const flow = await createValidationFlow(org.organization.id, steps, options);
  const link = await call<{ validationHexId: string }>(createLinkRoute, "/api/validations", {
    token: adminToken,
    body: {
      flowHexId: flow.hexId,
      pin: "1357",
      expirationDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      description: `Alta ${randomHex(2)}`,
    },
  });
  expect(link.status).toBe(201);
  const { validationHexId } = link.body;
  ipCounter += 1;
  const entered = await call<{ processHexId: string; urlSign: string }>(loginRoute, `/api/validation/${validationHexId}/login`, {
    body: { pin: "1357" },
    params: { validationHexId },
    ip: `198.51.100.${ipCounter}`,
  });
  expect(entered.status).toBe(200);
  const row = await db.validationProcess.findUniqueOrThrow({ where: { hexId: entered.body.processHexId } });
  return { processHexId: entered.body.processHexId, urlSign: entered.body.urlSign, processId: row.id };
}

const secretOf = (person: Person, urlSign?: string) => ({ "x-url-sign": urlSign ?? person.urlSign });

const step = (person: Person, page: string, body: unknown, urlSign?: string) =>
  call<Answer>(stepRoute, `/api/validation-process/${person.processHexId}/step/${page}`, {
    body,
    params: { processHexId: person.processHexId, page },
    headers: secretOf(person, urlSign),
  });

const processData = (person: Person, urlSign?: string) =>
  call<Answer>(processRoute, `/api/validation/getValidationProcess/${person.processHexId}`, {
    params: { id: person.processHexId },
    headers: secretOf(person, urlSign),
  });

const verify = (person: Person, urlSign?: string) =>
  call<Answer>(verifyRoute, `/api/validation/verify/${person.processHexId}`, {
    params: { id: person.processHexId },
    headers: secretOf(person, urlSign),
  });

const restart = (person: Person) =>
  call<Answer>(restartRoute, `/api/validation-process/${person.processHexId}/restart`, {
    body: {},
    params: { processHexId: person.processHexId },
    headers: secretOf(person),
  });

const reject = (person: Person, body: unknown) =>
  call<Answer>(rejectRoute, `/api/validation-process/${person.processHexId}/reject`, {
    body,
    params: { processHexId: person.processHexId },
    headers: secretOf(person),
  });

const challenge = (person: Person) =>
  call<Answer>(challengeRoute, `/api/validation-process/${person.processHexId}/video-challenge`, {
    body: {},
    params: { processHexId: person.processHexId },
    headers: secretOf(person),
  });

const locate = (person: Person, latitude = 40.4168) =>
  call<Answer>(geolocateRoute, "/api/signprocess/addSigneeGeolocation", {
    body: {
      process: "VALIDACION",
      processHexId: person.processHexId,
      geolocation: { timestamp: Date.now(), latitude, longitude: -3.7038, accuracy: 15 },
    },
    headers: secretOf(person),
  });

/** A capture as the phone sends it (multipart, X-Url-Sign), to the validation's evidence route or another one. */
async function upload(
  person: Person,
  kind: string,
  bytes: Uint8Array,
  options: { detail?: Record<string, unknown>; urlSign?: string; route?: "validation" | "signer" } = {},
) {
  const form = new FormData();
  form.set("kind", kind);
  form.set("uploadId", randomUUID());
  form.set("capturedAt", new Date().toISOString());
  if (kind === "SELFIE") form.set("accepted", "true");
  if (options.detail) form.set("detail", JSON.stringify(options.detail));
  const type = kind === "VIDEO" ? "video/mp4" : "image/jpeg";
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), kind === "VIDEO" ? "video.mp4" : "captura.jpg");
  const signer = options.route === "signer";
  const path = signer ? `/api/signprocess/${person.processHexId}/evidence` : `/api/validation-process/${person.processHexId}/evidence`;
  const request = new NextRequest(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    body: form,
    headers: { ...secretOf(person, options.urlSign), ...clientAddressHeaders("203.0.113.77"), "user-agent": "vitest validation" },
  });
  const response = signer ? await sendRequest(signerEvidenceRoute, request) : await sendRequest(evidenceRoute, request);
  return { status: response.status, body: (await response.json()) as Answer };
}

/** spec §7 uploadNewSelfie: form data processHexId, file, selfieValidOnGov. */
async function uploadNewSelfie(person: Person, bytes: Uint8Array) {
  const form = new FormData();
  form.set("processHexId", person.processHexId);
  form.set("selfieValidOnGov", "false");
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "selfie.jpg");
  const request = new NextRequest("http://127.0.0.1:3000/api/validation/uploadNewSelfie", {
    method: "POST",
    body: form,
    headers: { ...secretOf(person), ...clientAddressHeaders("203.0.113.77"), "user-agent": "vitest validation" },
  });
  const response = await sendRequest(newSelfieRoute, request);
  return { status: response.status, body: (await response.json()) as Answer };
}

/** An MP4 is stored as it came (no remux): a header box is enough for a video step that compares no face. */
const mp4 = () =>
  new Uint8Array(Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom"), Buffer.alloc(12), Buffer.from(randomHex(8))]));

const plainPhoto = async () =>
  new Uint8Array(
    await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 140, b: 200 } } })
      .jpeg()
      .toBuffer(),
  );

/** A valid DNI: eight digits and their check letter. */
function dni(): string {
  const digits = Math.floor(Math.random() * 90_000_000) + 10_000_000;
  return `${digits}${"TRWAGMYFPDXBNJZSQVHLCKE"[digits % 23]}`;
}

const personData = (identNumber = dni()) => ({
  firstName: "Lucía",
  lastName: "Fernández",
  email: "Lucia.Fernandez@example.test",
  cellPhone: "+34600111222",
  country: "es",
  identType: "dni",
  identNumber,
});

describe.skipIf(!haveFaces)(`a whole validation through its link${haveFaces ? "" : ` (${offline})`}`, () => {
  it("PIN → data → confirmation → ID photo → selfie checked against it by the face check job → video → COMPLETED", async () => {
    const person = await startValidation([
      { type: "DATA_CONFIRM" },
      { type: "ID_PHOTO" },
      { type: "SELFIE", compareWithPosition: 2 },
      { type: "VIDEO" },
    ]);
    const start = await processData(person);
    expect(start.body).toMatchObject({ result: 1, data: { status: "PENDING", currentStep: 0, nextPage: "data-capture-validation" } });

    // The data, checked against the product's identification types, saved and then confirmed.
    const wrongType = await step(person, "data-capture-validation", { ...personData(), identType: "CURP" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ errorCode: "IDENT_TYPE_UNKNOWN", field: "identType" });
    const wrongNumber = await step(person, "data-capture-validation", { ...personData("12345678A") });
    expect(wrongNumber.body).toMatchObject({ errorCode: "INVALID_IDENT_NUMBER", field: "identNumber" });
    const noName = await step(person, "data-capture-validation", { ...personData(), firstName: "" });
    expect(noName.body).toMatchObject({ errorCode: "EMPTY_FIELD", field: "firstName" });
    const data = personData();
    const captured = await step(person, "data-capture-validation", data);
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ result: 1, finished: false, next: "data-confirm" });
    expect(await db.validationProcess.findUniqueOrThrow({ where: { id: person.processId } })).toMatchObject({
      firstName: "Lucía",
      lastName: "Fernández",
      email: "lucia.fernandez@example.test",
      cellPhone: "+34600111222",
      country: "ES",
      identType: "DNI",
      identNumber: data.identNumber,
      status: "IN_PROGRESS",
      currentStep: 0,
    });
    expect((await processData(person)).body.data?.nextPage).toBe("data-confirm");
    expect((await step(person, "data-confirm", { confirmed: false })).body.errorCode).toBe("VALIDATION_FAILED");
    expect((await step(person, "data-confirm", { confirmed: true })).body).toMatchObject({ result: 1, next: "id-photo" });

    // The ID's front (a photo of the person) and rear: the page reloaded in between asks for the rear only.
    const front = await upload(person, "ID_FRONT", new Uint8Array(readFileSync(franck[0]!)));
    expect(front.body).toMatchObject({ result: 1, finished: false, next: "id-photo" });
    expect(await validationCapturedForCurrentStep(person.processHexId)).toEqual(["ID_FRONT"]);
    expect((await upload(person, "ID_REAR", await plainPhoto())).body).toMatchObject({ next: "selfie-photo" });

    // The selfie under its spec §7 name: checked by a job against the ID's front, the person waits meanwhile.
    const selfie = await uploadNewSelfie(person, new Uint8Array(readFileSync(franck[1]!)));
    expect(selfie.status).toBe(200);
    expect(selfie.body).toMatchObject({ result: "1", finished: false, next: "reloadpage" });
    const evidence = await db.evidence.findUniqueOrThrow({ where: { hexId: selfie.body.evidenceHexId! } });
    expect(evidence).toMatchObject({ validationProcessId: person.processId, signerId: null, check: "PENDING" });
    expect((await processData(person)).body.data?.lastCheck).toMatchObject({ kind: "SELFIE", check: "PENDING" });
    const job = await queue.getJob(`face-check-${evidence.id}`);
    expect(job?.name).toBe(faceCheckJobName);
    expect(await runJob(job!.name, job!.data)).toMatchObject({ settled: true, check: "VERIFIED", advanced: true });
    expect((await db.evidence.findUniqueOrThrow({ where: { id: evidence.id } })).check).toBe("VERIFIED");
    const afterSelfie = (await processData(person)).body.data;
    expect(afterSelfie).toMatchObject({ nextPage: "video", currentStep: 3, lastCheck: null });

    // The video reads the digits of a challenge, and completes the process.
    const digits = await challenge(person);
    expect(digits.body).toMatchObject({ result: 1, attempts: 0 });
    expect(digits.body.digits).toMatch(/^\d{6}$/);
    const video = await upload(person, "VIDEO", mp4(), { detail: { challengeId: digits.body.challengeId } });
    expect(video.status).toBe(200);
    expect(video.body).toMatchObject({ result: 1, finished: true, next: "full-process" });

    const done = await db.validationProcess.findUniqueOrThrow({ where: { id: person.processId } });
    expect(done.status).toBe("COMPLETED");
    expect(done.completedAt).not.toBeNull();
    expect(await verify(person)).toMatchObject({ status: 200, body: { status: "COMPLETED", linkState: "COMPLETED" } });
    expect((await processData(person)).body).toMatchObject({ result: 2, invalid: true, linkState: "COMPLETED" });
    const events = await db.auditEvent.findMany({ where: { validationProcessId: person.processId }, orderBy: { sequence: "asc" } });
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "validation.started",
        "validation.data-captured",
        "validation.data-confirmed",
        "evidence.stored",
        "evidence.face-checked",
        "validation.completed",
      ]),
    );
    expect(await verifyAuditChain(db, { validationProcessId: person.processId })).toBeNull();
    // A completed process takes nothing more.
    expect((await upload(person, "VIDEO", mp4())).body).toMatchObject({ errorCode: "LINK_ENDED", state: "COMPLETED" });
    // A face check job runs inside: seconds of model work on a loaded 2-core machine.
  }, 120_000);
});

describe("a validation process's link", () => {
  it("answers a wrong X-Url-Sign as an unknown link on every call, and changes nothing", async () => {
    const person = await startValidation([{ type: "DATA_CONFIRM" }, { type: "SELFIE" }]);
    const wrong = randomHex(16);
    expect((await step(person, "data-capture-validation", personData(), wrong)).body.errorCode).toBe("INVALID_LINK");
    expect((await upload(person, "SELFIE", await plainPhoto(), { urlSign: wrong })).body.errorCode).toBe("INVALID_LINK");
    expect((await verify(person, wrong)).body.errorCode).toBe("INVALID_LINK");
    expect((await processData(person, wrong)).body.errorCode).toBe("INVALID_LINK");
    const row = await db.validationProcess.findUniqueOrThrow({ where: { id: person.processId } });
    expect(row).toMatchObject({ status: "PENDING", firstName: null, dataCapturedAt: null });
    expect(await db.evidence.count({ where: { validationProcessId: person.processId } })).toBe(0);
  });

  it("refuses a step out of order, naming the page where the process stands", async () => {
    const person = await startValidation([{ type: "DATA_CONFIRM" }, { type: "ID_PHOTO" }, { type: "VIDEO" }]);
    const early = await step(person, "data-confirm", { confirmed: true });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ errorCode: "STEP_OUT_OF_ORDER", page: "data-capture-validation" });
    expect((await upload(person, "ID_FRONT", await plainPhoto())).body).toMatchObject({
      errorCode: "STEP_OUT_OF_ORDER",
      page: "data-capture-validation",
    });
    expect((await challenge(person)).body).toMatchObject({ errorCode: "STEP_OUT_OF_ORDER", page: "data-capture-validation" });
    // A page the flow has not is not available at all.
    expect((await step(person, "home-page", { accepted: true, termsVersion: "1.0" })).body.errorCode).toBe("STEP_NOT_AVAILABLE");
    await step(person, "data-capture-validation", personData());
    expect((await upload(person, "ID_FRONT", await plainPhoto())).body).toMatchObject({
      errorCode: "STEP_OUT_OF_ORDER",
      page: "data-confirm",
    });
    expect(await db.evidence.count({ where: { validationProcessId: person.processId } })).toBe(0);
  });

  it("takes the terms on home-page when the flow asks for them, before anything else", async () => {
    const person = await startValidation([{ type: "ACCEPT_TERMS" }, { type: "DATA_CONFIRM" }]);
    expect((await processData(person)).body.data?.nextPage).toBe("home-page");
    expect((await step(person, "data-capture-validation", personData())).body).toMatchObject({
      errorCode: "STEP_OUT_OF_ORDER",
      page: "home-page",
    });
    expect((await step(person, "home-page", { accepted: false, termsVersion: "1.0" })).body.errorCode).toBe("TERMS_NOT_ACCEPTED");
    expect((await step(person, "home-page", { accepted: true, termsVersion: "1.0" })).body).toMatchObject({
      result: 1,
      next: "data-capture-validation",
    });
    expect(await db.auditEvent.count({ where: { validationProcessId: person.processId, type: "validation.terms-accepted" } })).toBe(1);
  });

  it("after the step's attempts goes to finishedAttempts, and starts again from the first step with the data asked anew", async () => {
    const person = await startValidation([{ type: "DATA_CONFIRM" }, { type: "VIDEO", maxAttempts: 2 }]);
    await step(person, "data-capture-validation", personData());
    await step(person, "data-confirm", { confirmed: true });
    await challenge(person);
    // Recordings naming digits this process was never given: each is refused and counts an attempt.
    const first = await upload(person, "VIDEO", mp4(), { detail: { challengeId: randomUUID() } });
    expect(first.body).toMatchObject({ errorCode: "VIDEO_TIME_EXPIRED", attempts: 1, exhausted: false });
    const second = await upload(person, "VIDEO", mp4(), { detail: { challengeId: randomUUID() } });
    expect(second.body).toMatchObject({ errorCode: "VIDEO_TIME_EXPIRED", attempts: 2, exhausted: true, page: "finishedAttempts" });

    expect((await verify(person)).body).toMatchObject({ status: "ATTEMPTS_EXHAUSTED", linkState: null });
    expect((await processData(person)).body).toMatchObject({
      result: 1,
      data: { status: "ATTEMPTS_EXHAUSTED", nextPage: "finishedAttempts" },
    });
    expect((await upload(person, "VIDEO", mp4(), { detail: { challengeId: randomUUID() } })).body).toMatchObject({
      errorCode: "ATTEMPTS_EXHAUSTED",
      page: "finishedAttempts",
    });
    expect((await challenge(person)).body.errorCode).toBe("ATTEMPTS_EXHAUSTED");

    const again = await restart(person);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ result: 1, next: "data-capture-validation" });
    expect(await db.validationProcess.findUniqueOrThrow({ where: { id: person.processId } })).toMatchObject({
      status: "IN_PROGRESS",
      currentStep: 0,
      attempts: 0,
      restarts: 1,
      dataCapturedAt: null,
    });
    expect((await restart(person)).body.errorCode).toBe("RESTART_NOT_NEEDED");
    expect((await step(person, "data-confirm", { confirmed: true })).body).toMatchObject({
      errorCode: "STEP_OUT_OF_ORDER",
      page: "data-capture-validation",
    });
    expect((await step(person, "data-capture-validation", personData())).body.next).toBe("data-confirm");
    expect((await step(person, "data-confirm", { confirmed: true })).body.next).toBe("video");
    const digits = await challenge(person);
    expect(digits.body).toMatchObject({ attempts: 0, maxAttempts: 2 });
    expect((await upload(person, "VIDEO", mp4(), { detail: { challengeId: digits.body.challengeId } })).body).toMatchObject({
      finished: true,
      next: "full-process",
    });
    const types = (await db.auditEvent.findMany({ where: { validationProcessId: person.processId } })).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["subject.attempt-failed", "subject.attempts-exhausted", "subject.restarted"]));
    expect(await verifyAuditChain(db, { validationProcessId: person.processId })).toBeNull();
  });

  it("is rejected by the person with a reason, for good: every later call answers with the link state", async () => {
    const person = await startValidation([{ type: "DATA_CONFIRM" }, { type: "SELFIE" }]);
    expect((await reject(person, { reason: "  " })).body.errorCode).toBe("REJECTION_REASON_REQUIRED");
    const rejected = await reject(person, { reason: "No quiero compartir mis datos" });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ result: 1, status: "REJECTED" });
    expect(await db.validationProcess.findUniqueOrThrow({ where: { id: person.processId } })).toMatchObject({
      status: "REJECTED",
      rejectionReason: "No quiero compartir mis datos",
    });
    for (const later of [
      await step(person, "data-capture-validation", personData()),
      await upload(person, "SELFIE", await plainPhoto()),
      await reject(person, { reason: "otra vez" }),
      await restart(person),
      await locate(person),
    ]) {
      expect(later.status).toBe(409);
      expect(later.body).toMatchObject({ errorCode: "LINK_ENDED", state: "REJECTED" });
    }
    expect((await verify(person)).body).toMatchObject({ status: "REJECTED", linkState: "REJECTED" });
    expect((await processData(person)).body).toMatchObject({ result: 2, invalid: true, linkState: "REJECTED" });
    expect(await db.auditEvent.count({ where: { validationProcessId: person.processId, type: "subject.rejected" } })).toBe(1);
  });

  it("answers LAPSED once the process's expiration date has passed, and records it", async () => {
    const person = await startValidation([{ type: "DATA_CONFIRM" }, { type: "SELFIE" }]);
    await db.validationProcess.update({ where: { id: person.processId }, data: { expirationDate: new Date(Date.now() - 60_000) } });
    const late = await step(person, "data-capture-validation", personData());
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ errorCode: "LINK_ENDED", state: "LAPSED" });
    expect((await db.validationProcess.findUniqueOrThrow({ where: { id: person.processId } })).status).toBe("LAPSED");
    expect((await verify(person)).body).toMatchObject({ status: "LAPSED", linkState: "LAPSED" });
    expect((await processData(person)).body).toMatchObject({ result: 2, linkState: "LAPSED" });
    expect(await db.auditEvent.count({ where: { validationProcessId: person.processId, type: "validation.lapsed" } })).toBe(1);
  });

  it("completes no step before the person reported where they are when the flow makes the location obligatory", async () => {
    const person = await startValidation([{ type: "DATA_CONFIRM" }, { type: "SELFIE" }], { obligatoryGeolocation: true });
    expect((await processData(person)).body.data).toMatchObject({ status: "PENDING" });
    const unlocated = await step(person, "data-capture-validation", personData());
    expect(unlocated.status).toBe(409);
    expect(unlocated.body.errorCode).toBe("LOCATION_REQUIRED");
    expect((await db.validationProcess.findUniqueOrThrow({ where: { id: person.processId } })).dataCapturedAt).toBeNull();
    expect((await locate(person)).status).toBe(200);
    expect((await step(person, "data-capture-validation", personData())).body).toMatchObject({ result: 1, next: "data-confirm" });
    expect((await step(person, "data-confirm", { confirmed: true })).body.next).toBe("selfie-photo");
    expect((await upload(person, "SELFIE", await plainPhoto())).body).toMatchObject({ finished: true, next: "full-process" });
  });

  it("reflects each state in verify and getValidationProcess, review included", async () => {
    const person = await startValidation([{ type: "DATA_CONFIRM" }, { type: "SELFIE" }]);
    expect((await verify(person)).body).toMatchObject({ status: "PENDING", linkState: null });
    await step(person, "data-capture-validation", personData());
    expect((await verify(person)).body).toMatchObject({ status: "IN_PROGRESS", linkState: null });
    // A check a person must decide puts the process in review (as the liveness check's IN_REVIEW does).
    const checked = await validationEvidenceProcess(person.processId);
    await db.$transaction((tx) => checked!.flow.putInReview(tx, randomHex(16), ["LOW_MOVEMENT"]));
    expect((await verify(person)).body).toMatchObject({ status: "IN_REVIEW", linkState: "IN_REVIEW" });
    expect((await processData(person)).body).toMatchObject({ result: 2, linkState: "IN_REVIEW" });
    expect((await step(person, "data-confirm", { confirmed: true })).body).toMatchObject({ errorCode: "LINK_ENDED", state: "IN_REVIEW" });
  });

  it("checks the captured identity against the registry (saveCRIEvidence) as the validation's own evidence", async () => {
    const person = await startValidation([{ type: "DATA_CONFIRM" }, { type: "SELFIE" }]);
    const data = personData();
    const csv = `country,identType,identNumber,firstName,lastName,birthDate\nES,DNI,${data.identNumber},Lucía,Fernández,1990-04-01\n`;
    expect(await importRegistry({ fileName: "registro.csv", bytes: Buffer.from(csv) })).toEqual({ imported: 1 });
    await step(person, "data-capture-validation", data);
    const checked = await call<Answer & { registered?: boolean; nameMatches?: boolean }>(
      saveCriRoute,
      `/api/centralRecord/saveCRIEvidence/${person.processHexId}`,
      { params: { id: person.processHexId }, headers: secretOf(person) },
    );
    expect(checked.body).toMatchObject({ result: 1, registered: true, nameMatches: true });
    expect(await db.evidence.findFirstOrThrow({ where: { validationProcessId: person.processId, kind: "EVIDENCE" } })).toMatchObject({
      signerId: null,
      check: "VERIFIED",
    });
    const wrong = await call<Answer>(saveCriRoute, `/api/centralRecord/saveCRIEvidence/${person.processHexId}`, {
      params: { id: person.processHexId },
      headers: secretOf(person, randomHex(16)),
    });
    expect(wrong.body.errorCode).toBe("INVALID_LINK");
  });

  it("keeps a validation's evidence out of another organisation's and a signer's reach", async () => {
    const person = await startValidation([{ type: "DATA_CONFIRM" }, { type: "SELFIE" }, { type: "VIDEO" }]);
    await step(person, "data-capture-validation", personData());
    await step(person, "data-confirm", { confirmed: true });
    const selfie = await upload(person, "SELFIE", await plainPhoto());
    expect(selfie.body.next).toBe("video");

    // The signer's calls do not know a validation process, even with its secret.
    expect((await upload(person, "SELFIE", await plainPhoto(), { route: "signer" })).body.errorCode).toBe("INVALID_LINK");
    const asSigner = await call<Answer>(signerVerifyRoute, `/api/signprocess/verify/${person.processHexId}`, {
      params: { id: person.processHexId },
      headers: secretOf(person),
    });
    expect(asSigner.body.errorCode).toBe("INVALID_LINK");
    // Nor do the validation's calls know a signer.
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SELFIE"] });
    const signer = { processHexId: signers[0]!.hexId, urlSign: signers[0]!.secret!, processId: 0 };
    expect((await upload(signer, "SELFIE", await plainPhoto())).body.errorCode).toBe("INVALID_LINK");
    expect((await verify(signer)).body.errorCode).toBe("INVALID_LINK");

    // Staff of another organisation do not see the process or its evidence; its own staff do.
    const foreignList = await call<{ content?: { processHexId: string }[] }>(staffListRoute, "/api/validation-processes", {
      token: strangerToken,
      query: { size: "100" },
    });
    expect(foreignList.status).toBe(200);
    expect(JSON.stringify(foreignList.body)).not.toContain(person.processHexId);
    const foreignDetail = await call<Answer>(staffDetailRoute, `/api/validation-processes/${person.processHexId}`, {
      token: strangerToken,
      params: { processHexId: person.processHexId },
    });
    expect(foreignDetail.status).toBe(404);
    const ownDetail = await call(staffDetailRoute, `/api/validation-processes/${person.processHexId}`, {
      token: adminToken,
      params: { processHexId: person.processHexId },
    });
    expect(ownDetail.status).toBe(200);
    expect(JSON.stringify(ownDetail.body)).toContain(selfie.body.evidenceHexId!);
    // Stored on the process only: no signer's evidence query can reach it.
    expect(await db.evidence.findUniqueOrThrow({ where: { hexId: selfie.body.evidenceHexId! } })).toMatchObject({
      signerId: null,
      validationProcessId: person.processId,
    });
  });
});
