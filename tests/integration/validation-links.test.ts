import { beforeAll, describe, expect, it } from "vitest";
import { GET as listLinks, POST as createLink } from "@/app/api/validations/route";
import { GET as getLink, PUT as updateLink } from "@/app/api/validations/[validationHexId]/route";
import { POST as activateLink } from "@/app/api/validations/[validationHexId]/activate/route";
import { POST as deactivateLink } from "@/app/api/validations/[validationHexId]/deactivate/route";
import { POST as login } from "@/app/api/validation/[validationHexId]/login/route";
import { GET as getProcess } from "@/app/api/validation/getValidationProcess/[id]/route";
import { GET as statuses } from "@/app/api/data/validationProcessStatuses/route";
import { db } from "@/lib/db/client";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { clientLimit, linkLimit } from "@/lib/validations/pin-attempts";
import type { ValidationLinkPage, ValidationLinkView } from "@/lib/validations/schemas";
import { call } from "../support/http";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";
import { peers } from "./setup";

type ErrorBody = { errorCode: string; message: string; field?: string; remaining?: number; seconds?: number };
type Created = { validationHexId: string; url: string };
type LoginAnswer = { processHexId: string; urlSign: string; redirect: string };

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let adminB: string;
let operatorA: string;
let adminAEmail: string;
let flowA: string;
let flowB: string;
let signatureFlowA: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const linkPath = (hexId: string, action = "") => `/api/validations/${hexId}${action ? `/${action}` : ""}`;
const create = (token: string, body: Record<string, unknown>) =>
  call<Created & ErrorBody>(createLink, "/api/validations", {
    token,
    body: { flowHexId: flowA, pin: "1234", expirationDate: inDays(10), description: "Alta de clientes", ...body },
  });
const list = async (token: string, query: Record<string, string> = {}) =>
  (await call<ValidationLinkPage>(listLinks, "/api/validations", { token, query: { size: "100", ...query } })).body;
const viewOf = async (token: string, hexId: string) =>
  (await call<ValidationLinkView>(getLink, linkPath(hexId), { token, params: { validationHexId: hexId } })).body;
const update = (token: string, hexId: string, body: Record<string, unknown>) =>
  call<ValidationLinkView & ErrorBody>(updateLink, linkPath(hexId), { method: "PUT", token, body, params: { validationHexId: hexId } });
const toggle = (token: string, hexId: string, active: boolean) =>
  call<ValidationLinkView & ErrorBody>(active ? activateLink : deactivateLink, linkPath(hexId, active ? "activate" : "deactivate"), {
    token,
    body: {},
    params: { validationHexId: hexId },
  });
const enter = (hexId: string, pin: unknown, ip = "198.51.100.1", headers: Record<string, string> = {}) =>
  call<LoginAnswer & ErrorBody>(login, `/api/validation/${hexId}/login`, {
    body: { pin },
    ip,
    params: { validationHexId: hexId },
    headers,
  });
const processData = (processHexId: string, urlSign?: string) =>
  call<{ result: number; invalid: boolean; linkState?: string; data: Record<string, unknown> } & ErrorBody>(
    getProcess,
    `/api/validation/getValidationProcess/${processHexId}`,
    { params: { id: processHexId }, headers: urlSign === undefined ? {} : { "x-url-sign": urlSign }, ip: "198.51.100.200" },
  );
const newLink = async (body: Record<string, unknown> = {}) => {
  const response = await create(adminA, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.validationHexId;
};
const editable = (view: ValidationLinkView) => ({
  flowHexId: view.flowHexId,
  expirationDate: view.expirationDate,
  description: view.description,
  maxUses: view.maxUses,
  userLocation: view.userLocation,
});

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [a, b, operator] = await Promise.all([createTestUser(orgA), createTestUser(orgB), createTestUser(orgA, { role: "operator" })]);
  adminAEmail = a.email;
  [adminA, adminB, operatorA] = await Promise.all([signIn(a.email), signIn(b.email), signIn(operator.email)]);
  const flowOf = async (org: TestOrganization, kind: "VALIDATION" | "SIGNATURE") =>
    (await db.flow.findFirstOrThrow({ where: { organizationId: org.organization.id, kind, isDefault: true } })).hexId;
  [flowA, flowB, signatureFlowA] = await Promise.all([flowOf(orgA, "VALIDATION"), flowOf(orgB, "VALIDATION"), flowOf(orgA, "SIGNATURE")]);
});

describe("creating validation links (spec §5 'Validation link')", () => {
  it("answers 201 with the link's id and public URL, keeps the PIN only as a keyed hash, and logs the creation", async () => {
    const { status, body } = await create(adminA, { pin: "4821", maxUses: 3, userLocation: "REQUIRED" });
    expect(status).toBe(201);
    expect(body.validationHexId).toMatch(/^[0-9a-f]{32}$/);
    expect(body.url).toMatch(new RegExp(`/loginvalidation/${body.validationHexId}$`));
    const stored = await db.validationLink.findUniqueOrThrow({ where: { hexId: body.validationHexId } });
    expect(stored.pinHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.pinHash).not.toBe(sha256Hex("4821"));
    expect(JSON.stringify(stored)).not.toContain("4821");
    expect(stored).toMatchObject({
      active: true,
      maxUses: 3,
      usesCount: 0,
      requireLocation: true,
      geolocate: true,
      organizationId: orgA.organization.id,
    });
    const log = await db.operationLog.findFirst({
      where: { organizationId: orgA.organization.id, operationEventId: "VALIDATION_LINK_CREATE" },
    });
    expect(log?.detail).toContain(`recordId=${body.validationHexId}`);
  });

  it("refuses a PIN that is not 4 digits: 'El PIN debe tener 4 dígitos.'", async () => {
    for (const pin of ["123", "12345", "12a4", "", undefined, 1234]) {
      const { status, body } = await create(adminA, { pin });
      expect({ pin, status, errorCode: body.errorCode, field: body.field }).toEqual({
        pin,
        status: 400,
        errorCode: "VALIDATION_PIN_FORMAT",
        field: "pin",
      });
      expect(body.message).toBe("El PIN debe tener 4 dígitos.");
    }
  });

  it("refuses an expiration date in the past or that is no date, and says so in the caller's language", async () => {
    for (const expirationDate of [inDays(-1), "mañana", "2026-13-45", inDays(5000)]) {
      const { status, body } = await create(adminA, { expirationDate });
      expect({ expirationDate, status, errorCode: body.errorCode, field: body.field }).toEqual({
        expirationDate,
        status: 400,
        errorCode: "VALIDATION_EXPIRATION_INVALID",
        field: "expirationDate",
      });
    }
    const english = await call<ErrorBody>(createLink, "/api/validations", {
      token: adminA,
      headers: { "accept-language": "en-US" },
      body: { flowHexId: flowA, pin: "1234", expirationDate: inDays(-1), description: "x" },
    });
    expect(english.body.message).toBe("The expiration date is not correct: it must be a future date.");
  });

  it("requires every field but maxUses: 'El campo no puede estar vacío.'", async () => {
    for (const field of ["description", "expirationDate", "flowHexId"]) {
      const { status, body } = await create(adminA, { [field]: undefined });
      expect({ field, status, errorCode: body.errorCode, at: body.field }).toEqual({
        field,
        status: 400,
        errorCode: "EMPTY_FIELD",
        at: field,
      });
      expect(body.message).toBe("El campo no puede estar vacío.");
    }
    expect((await create(adminA, { description: "   " })).body.errorCode).toBe("EMPTY_FIELD");
    expect((await create(adminA, { maxUses: 0 })).body.errorCode).toBe("VALIDATION_FAILED");
  });

  it("needs an active validation flow of the caller's organisation", async () => {
    for (const flowHexId of [signatureFlowA, flowB, randomHex(16)]) {
      const { status, body } = await create(adminA, { flowHexId });
      expect({ status, errorCode: body.errorCode }).toEqual({ status: 400, errorCode: "VALIDATION_FLOW_INVALID" });
    }
  });
});

describe("listing and editing validation links", () => {
  let hexId: string;

  beforeAll(async () => {
    hexId = await newLink({ description: "Onboarding digital", maxUses: 5 });
  });

  it("lists the organisation's links, newest first, with state, uses and expiry", async () => {
    const page = await list(adminA);
    expect(page.page).toMatchObject({ number: 0, size: 100 });
    const view = page._embedded.validations.find((l) => l.validationHexId === hexId);
    expect(view).toMatchObject({
      description: "Onboarding digital",
      flowHexId: flowA,
      flowName: "Validación de identidad",
      state: "ACTIVE",
      active: true,
      maxUses: 5,
      usesCount: 0,
      userLocation: "NONE",
      lockedAt: null,
      createdBy: "Prueba Usuario",
    });
    expect(view!.url).toMatch(new RegExp(`/loginvalidation/${hexId}$`));
    expect(page._embedded.validations[0]!.validationHexId).toBe(hexId);
    expect((await list(adminA, { search: "onboarding" }))._embedded.validations.map((l) => l.validationHexId)).toEqual([hexId]);
  });

  it("answers the no-modification notice when nothing changed, also when the same PIN is given again", async () => {
    const view = await viewOf(adminA, hexId);
    for (const body of [editable(view), { ...editable(view), pin: "1234" }, { ...editable(view), pin: "" }]) {
      const { status, body: error } = await update(adminA, hexId, body);
      expect({ status, errorCode: error.errorCode }).toEqual({ status: 409, errorCode: "VALIDATION_NOT_MODIFIED" });
      expect(error.message).toBe("No se ha realizado ninguna modificación.");
    }
    expect(
      await db.operationLog.count({ where: { organizationId: orgA.organization.id, operationEventId: "VALIDATION_LINK_UPDATE" } }),
    ).toBe(0);
  });

  it("applies the creation rules to edits", async () => {
    const view = await viewOf(adminA, hexId);
    expect((await update(adminA, hexId, { ...editable(view), pin: "99" })).body.errorCode).toBe("VALIDATION_PIN_FORMAT");
    expect((await update(adminA, hexId, { ...editable(view), expirationDate: inDays(-2) })).body.errorCode).toBe(
      "VALIDATION_EXPIRATION_INVALID",
    );
    expect((await update(adminA, hexId, { ...editable(view), description: "" })).body.errorCode).toBe("EMPTY_FIELD");
  });

  it("saves a change and logs it; a new PIN replaces the old one at the next entry", async () => {
    const view = await viewOf(adminA, hexId);
    const { status, body } = await update(adminA, hexId, {
      ...editable(view),
      description: "Onboarding v2",
      pin: "7070",
      userLocation: "ASK",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ description: "Onboarding v2", userLocation: "ASK", state: "ACTIVE" });
    const log = await db.operationLog.findFirst({
      where: { organizationId: orgA.organization.id, operationEventId: "VALIDATION_LINK_UPDATE" },
    });
    expect(log?.detail).toContain(`recordId=${hexId}`);
    expect(log?.detail).toContain("pin-changed");
    expect((await enter(hexId, "1234", "198.51.100.20")).body.errorCode).toBe("VALIDATION_PIN_INCORRECT");
    expect((await enter(hexId, "7070", "198.51.100.20")).status).toBe(200);
  });

  it("deactivates and activates a link, logging both", async () => {
    const off = await toggle(adminA, hexId, false);
    expect(off.body).toMatchObject({ active: false, state: "INACTIVE" });
    const on = await toggle(adminA, hexId, true);
    expect(on.body).toMatchObject({ active: true, state: "ACTIVE" });
    const events = await db.operationLog.findMany({
      where: { organizationId: orgA.organization.id, operationEventId: { in: ["VALIDATION_LINK_ACTIVATE", "VALIDATION_LINK_DEACTIVATE"] } },
    });
    expect(events.map((e) => e.operationEventId).sort()).toEqual(["VALIDATION_LINK_ACTIVATE", "VALIDATION_LINK_DEACTIVATE"]);
  });

  it("lets a role with FIRMA:VIEW only see the links, not create or change them", async () => {
    expect((await call(listLinks, "/api/validations", { token: operatorA })).status).toBe(200);
    expect((await create(operatorA, {})).status).toBe(403);
    expect((await update(operatorA, hexId, { description: "x" })).status).toBe(403);
    expect((await toggle(operatorA, hexId, false)).status).toBe(403);
  });

  it("keeps each organisation's links to itself", async () => {
    expect((await list(adminB))._embedded.validations.map((l) => l.validationHexId)).not.toContain(hexId);
    expect((await call(getLink, linkPath(hexId), { token: adminB, params: { validationHexId: hexId } })).status).toBe(404);
    const view = await viewOf(adminA, hexId);
    expect((await update(adminB, hexId, { ...editable(view), flowHexId: flowB, description: "Robado" })).status).toBe(404);
    expect((await toggle(adminB, hexId, false)).status).toBe(404);
    expect((await viewOf(adminA, hexId)).description).toBe("Onboarding v2");
    const own = await call<Created & ErrorBody>(createLink, "/api/validations", {
      token: adminB,
      body: { flowHexId: flowB, pin: "1111", expirationDate: inDays(3), description: "De B" },
    });
    expect(own.status).toBe(201);
    expect((await list(adminA))._embedded.validations.map((l) => l.validationHexId)).not.toContain(own.body.validationHexId);
  });
});

describe("entering a validation link's PIN (/loginvalidation)", () => {
  it("starts a new process for each correct PIN, storing only the SHA-256 of its secret, and counts the use", async () => {
    const hexId = await newLink({ pin: "2468" });
    const first = await enter(hexId, "2468", "198.51.100.30");
    const second = await enter(hexId, "2468", "198.51.100.31");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.processHexId).not.toBe(second.body.processHexId);
    expect(first.body.urlSign).toMatch(/^[0-9a-f]{32}$/);
    expect(first.body.redirect).toBe(`/validation-process/home-page/${first.body.urlSign}/${first.body.processHexId}`);
    const process = await db.validationProcess.findUniqueOrThrow({ where: { hexId: first.body.processHexId } });
    expect(process.urlSignHash).toBe(sha256Hex(first.body.urlSign));
    expect(JSON.stringify(process)).not.toContain(first.body.urlSign);
    expect(process).toMatchObject({
      status: "PENDING",
      organizationId: orgA.organization.id,
      ip: "198.51.100.30",
      firstName: null,
      identNumber: null,
    });
    expect(await db.auditEvent.count({ where: { validationProcessId: process.id, type: "validation.started" } })).toBe(1);
    expect((await viewOf(adminA, hexId)).usesCount).toBe(2);
  });

  it("answers a wrong PIN with its message and the attempts left", async () => {
    const hexId = await newLink({ pin: "1357" });
    const { status, body } = await enter(hexId, "7531", "198.51.100.40");
    expect(status).toBe(401);
    expect(body).toMatchObject({ errorCode: "VALIDATION_PIN_INCORRECT", remaining: clientLimit - 1 });
    expect(body.message).toBe(`El PIN no es correcto. Intentos restantes: ${clientLimit - 1}.`);
    expect((await enter(hexId, "13", "198.51.100.40")).body.errorCode).toBe("VALIDATION_PIN_FORMAT");
    expect(await db.validationProcess.count({ where: { validationLink: { hexId } } })).toBe(0);
  });

  it("refuses a client after 5 wrong PINs, even with the right one, while other clients go on", async () => {
    const hexId = await newLink({ pin: "8642" });
    for (let i = 1; i < clientLimit; i++)
      expect((await enter(hexId, "0000", "198.51.100.50")).body).toMatchObject({
        errorCode: "VALIDATION_PIN_INCORRECT",
        remaining: clientLimit - i,
      });
    const last = await enter(hexId, "0000", "198.51.100.50");
    expect(last.status).toBe(429);
    expect(last.body.errorCode).toBe("VALIDATION_PIN_ATTEMPTS_EXHAUSTED");
    expect(last.body.message).toBe("El PIN no es correcto y no le quedan intentos. Espere 15 minutos e inténtelo de nuevo.");
    expect(Number(last.headers.get("retry-after"))).toBe(last.body.seconds);
    expect(last.headers.get("ratelimit-limit")).toBe(String(clientLimit));
    const refused = await enter(hexId, "8642", "198.51.100.50");
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe("RATE_LIMITED");
    expect(refused.body.seconds).toBeGreaterThan(0);
    expect((await enter(hexId, "8642", "198.51.100.51")).status).toBe(200);
  });

  it("locks the link after repeated failures from many clients, tells its staff, and unlocks when they activate it", async () => {
    const hexId = await newLink({ pin: "5151", description: "Enlace atacado" });
    for (let i = 0; i < linkLimit; i++)
      expect((await enter(hexId, "0000", `203.0.113.${i + 1}`)).body.errorCode).toBe("VALIDATION_PIN_INCORRECT");
    const locked = await enter(hexId, "0000", "203.0.113.200");
    expect(locked.status).toBe(423);
    expect(locked.body.message).toBe(
      "Este enlace de validación se ha bloqueado por demasiados intentos fallidos. Se ha avisado al personal de la organización.",
    );
    expect((await enter(hexId, "5151", "203.0.113.201")).body.errorCode).toBe("VALIDATION_LINK_LOCKED");
    expect((await viewOf(adminA, hexId)).state).toBe("LOCKED");
    const log = await db.operationLog.findFirst({
      where: { organizationId: orgA.organization.id, operationEventId: "VALIDATION_LINK_LOCKED" },
    });
    expect(log?.detail).toContain(`recordId=${hexId}`);
    const mail = await peers.mail.waitFor((m) => m.to.includes(adminAEmail) && m.subject.includes("Enlace atacado"));
    expect(mail.subject).toBe("Enlace de validación bloqueado: Enlace atacado");
    expect(mail.text).toContain("/validations");

    expect((await toggle(adminA, hexId, true)).body).toMatchObject({ state: "ACTIVE", lockedAt: null });
    expect((await enter(hexId, "5151", "203.0.113.202")).status).toBe(200);
  });

  it("answers expired, inactive and used-up links with their messages", async () => {
    const expired = await newLink();
    await db.validationLink.update({ where: { hexId: expired }, data: { expirationDate: new Date(Date.now() - 1000) } });
    const e = await enter(expired, "1234");
    expect({ status: e.status, errorCode: e.body.errorCode }).toEqual({ status: 410, errorCode: "VALIDATION_LINK_EXPIRED" });
    expect(e.body.message).toBe("Este enlace de validación ha caducado. Solicite uno nuevo al personal de la organización.");
    expect((await viewOf(adminA, expired)).state).toBe("EXPIRED");

    const inactive = await newLink();
    await toggle(adminA, inactive, false);
    const i = await enter(inactive, "1234");
    expect({ status: i.status, errorCode: i.body.errorCode }).toEqual({ status: 403, errorCode: "VALIDATION_LINK_INACTIVE" });
    expect(i.body.message).toBe("Este enlace de validación no está activo. Contacte con el personal de la organización.");

    const limited = await newLink({ maxUses: 2 });
    expect((await enter(limited, "1234", "198.51.100.60")).status).toBe(200);
    expect((await enter(limited, "1234", "198.51.100.61")).status).toBe(200);
    const used = await enter(limited, "1234", "198.51.100.62");
    expect({ status: used.status, errorCode: used.body.errorCode, message: used.body.message }).toEqual({
      status: 403,
      errorCode: "MAX_USES_REACHED",
      message: "Número máximo de usos alcanzado",
    });
    expect(await viewOf(adminA, limited)).toMatchObject({ usesCount: 2, state: "USED_UP" });
    expect(await db.validationProcess.count({ where: { validationLink: { hexId: limited } } })).toBe(2);

    expect((await enter(randomHex(16), "1234")).body.errorCode).toBe("INVALID_LINK");
  });

  it("never lets concurrent logins pass maxUses", async () => {
    const hexId = await newLink({ maxUses: 3 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => enter(hexId, "1234", `198.51.100.${70 + i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.errorCode === "MAX_USES_REACHED")).toBe(true);
    expect((await viewOf(adminA, hexId)).usesCount).toBe(3);
    const started = await db.auditEvent.findMany({
      where: { type: "validation.started", validationProcess: { validationLink: { hexId } } },
    });
    expect(started.map((event) => (event.payload as { use: number }).use).sort()).toEqual([1, 2, 3]);
  });
});

describe("GET /api/validation/getValidationProcess/{processHexId}", () => {
  let started: LoginAnswer;

  beforeAll(async () => {
    const hexId = await newLink({ userLocation: "REQUIRED" });
    started = (await enter(hexId, "1234", "198.51.100.90", { "accept-language": "en-US" })).body;
  });

  it("answers spec §3 validation process data with the right secret in X-Url-Sign", async () => {
    const { status, body } = await processData(started.processHexId, started.urlSign);
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: 1, invalid: false });
    expect(body.data).toMatchObject({
      processHexId: started.processHexId,
      nameOrganization: orgA.organization.name,
      logoOrganization: `logo-${orgA.organization.hexId}`,
      stepOrder: ["data-capture-validation", "id-photo", "selfie-photo", "video"],
      geolocateSigners: true,
      obligatoryGeolocation: true,
      preferredLanguage: "en-us",
      status: "PENDING",
    });
    expect(new Date(body.data.expirationDate as string).getTime()).toBeGreaterThan(Date.now());
  });

  it("answers a missing, wrong or another process's secret as an unknown link", async () => {
    const other = (await enter(await newLink(), "1234", "198.51.100.91")).body;
    for (const secret of [undefined, randomHex(16), other.urlSign, "zz"]) {
      const { status, body } = await processData(started.processHexId, secret);
      expect({ status, errorCode: body.errorCode }).toEqual({ status: 400, errorCode: "INVALID_LINK" });
      expect(body.data).toBeUndefined();
    }
  });

  it("tells an ended process only the organisation's name and logo and the state", async () => {
    await db.validationProcess.update({ where: { hexId: started.processHexId }, data: { status: "REJECTED" } });
    const { body } = await processData(started.processHexId, started.urlSign);
    expect(body).toEqual({
      result: 2,
      invalid: true,
      linkState: "REJECTED",
      data: { nameOrganization: orgA.organization.name, logoOrganization: `logo-${orgA.organization.hexId}` },
    });
  });
});

describe("GET /api/data/validationProcessStatuses", () => {
  it("answers the statuses catalogue under _embedded, in the caller's language", async () => {
    const spanish = await call<{ _embedded: { validationProcessStatuses: { id: number; code: string; name: string; final: boolean }[] } }>(
      statuses,
      "/api/data/validationProcessStatuses",
    );
    const list = spanish.body._embedded.validationProcessStatuses;
    expect(list.map((s) => s.code)).toEqual([
      "PENDING",
      "IN_PROGRESS",
      "IN_REVIEW",
      "COMPLETED",
      "REJECTED",
      "LAPSED",
      "CANCELLED",
      "ATTEMPTS_EXHAUSTED",
    ]);
    expect(list.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(list.find((s) => s.code === "COMPLETED")).toEqual({ id: 4, code: "COMPLETED", name: "Validada", final: true });
    const english = await call<typeof spanish.body>(statuses, "/api/data/validationProcessStatuses", {
      headers: { "accept-language": "en-US" },
    });
    expect(english.body._embedded.validationProcessStatuses.find((s) => s.code === "COMPLETED")?.name).toBe("Validated");
  });
});
