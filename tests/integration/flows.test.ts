import { beforeAll, describe, expect, it } from "vitest";
import { GET as listFlows, POST as createFlow } from "@/app/api/flows/route";
import { DELETE as deleteFlow, GET as getFlow, PUT as updateFlow } from "@/app/api/flows/[flowHexId]/route";
import { POST as activateFlow } from "@/app/api/flows/[flowHexId]/activate/route";
import { POST as deactivateFlow } from "@/app/api/flows/[flowHexId]/deactivate/route";
import { POST as cloneFlow } from "@/app/api/flows/[flowHexId]/clone/route";
import { POST as makeDefault } from "@/app/api/flows/[flowHexId]/default/route";
import { db } from "@/lib/db/client";
import { call } from "../support/http";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";
import type { FlowView } from "@/lib/flows/flow-records";

type ErrorBody = { errorCode: string; message: string; field?: string; min?: number; max?: number };

const invalidConfig = "Alguna de las configuraciones tiene un valor inválido";

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let adminB: string;
let operatorA: string;
let adminAName: string;

const path = (hexId: string, action = "") => `/api/flows/${hexId}${action ? `/${action}` : ""}`;
const list = async (token: string, query: Record<string, string> = {}) =>
  (await call<{ _embedded: { flows: FlowView[] } }>(listFlows, "/api/flows", { token, query })).body._embedded.flows;
const create = (token: string, body: unknown) => call<FlowView & ErrorBody>(createFlow, "/api/flows", { body, token });
const get = (token: string, hexId: string) => call<FlowView & ErrorBody>(getFlow, path(hexId), { token, params: { flowHexId: hexId } });
const update = (token: string, hexId: string, body: unknown) =>
  call<FlowView & ErrorBody>(updateFlow, path(hexId), { method: "PUT", body, token, params: { flowHexId: hexId } });
const remove = (token: string, hexId: string) =>
  call<ErrorBody & { result?: number }>(deleteFlow, path(hexId), { method: "DELETE", token, params: { flowHexId: hexId } });
const activate = (token: string, hexId: string) =>
  call<FlowView & ErrorBody>(activateFlow, path(hexId, "activate"), { body: {}, token, params: { flowHexId: hexId } });
const deactivate = (token: string, hexId: string) =>
  call<FlowView & ErrorBody>(deactivateFlow, path(hexId, "deactivate"), { body: {}, token, params: { flowHexId: hexId } });
const clone = (token: string, hexId: string, body: unknown = {}) =>
  call<FlowView & ErrorBody>(cloneFlow, path(hexId, "clone"), { body, token, params: { flowHexId: hexId } });
const setDefault = (token: string, hexId: string) =>
  call<FlowView & ErrorBody>(makeDefault, path(hexId, "default"), { body: {}, token, params: { flowHexId: hexId } });

const threeSteps = [{ type: "DATA_CONFIRM" }, { type: "SEE_DOCUMENT" }, { type: "SIGNATURE" }];
const newFlow = async (token: string, body: Record<string, unknown> = {}) => {
  const response = await create(token, { name: "Flujo de prueba", steps: threeSteps, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};
const defaultOf = async (token: string, kind = "SIGNATURE") => (await list(token, { kind })).find((f) => f.isDefault)!;

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [a, b, operator] = await Promise.all([createTestUser(orgA), createTestUser(orgB), createTestUser(orgA, { role: "operator" })]);
  adminAName = `${a.firstName} ${a.lastName}`;
  [adminA, adminB, operatorA] = await Promise.all([signIn(a.email), signIn(b.email), signIn(operator.email)]);
});

describe("the organisation's flows", () => {
  it("start with one default, active signature flow that satisfies every rule", async () => {
    const flows = await list(adminA, { kind: "SIGNATURE" });
    expect(flows).toHaveLength(1);
    expect(flows[0]).toMatchObject({ name: "Firma simple", kind: "SIGNATURE", active: true, isDefault: true, inUse: false });
    expect(flows[0]!.steps.map((s) => s.type)).toEqual(["DATA_CONFIRM", "ACCEPT_TERMS", "SEE_DOCUMENT", "SIGNATURE"]);
    expect((await activate(adminA, flows[0]!.flowHexId)).status).toBe(200);
  });

  it("start with one default, active validation flow for validation links: data, ID photo, selfie and video", async () => {
    const flows = await list(adminA, { kind: "VALIDATION" });
    expect(flows).toHaveLength(1);
    expect(flows[0]).toMatchObject({ name: "Validación de identidad", active: true, isDefault: true });
    expect(flows[0]!.steps.map((s) => s.type)).toEqual(["DATA_CONFIRM", "ID_PHOTO", "SELFIE", "VIDEO"]);
    expect((await activate(adminA, flows[0]!.flowHexId)).status).toBe(200);
  });

  it("are created inactive, not default, with the caller as creator, the steps in the given order, and logged", async () => {
    const flow = await newFlow(adminA, {
      name: "  Firma con selfie  ",
      expirationDays: 30,
      obligatoryGeolocation: true,
      steps: [
        { type: "ID_PHOTO", maxAttempts: 3, validateWithAuthority: true },
        { type: "SELFIE", compareFace: true, compareWithPosition: 1, expiryMinutes: 5 },
        { type: "VIDEO", compareTarget: "SELFIE" },
        { type: "SIGNATURE" },
      ],
    });
    expect(flow).toMatchObject({
      name: "Firma con selfie",
      active: false,
      isDefault: false,
      createdBy: adminAName,
      expirationDays: 30,
      geolocateSigners: true,
      obligatoryGeolocation: true,
    });
    expect(flow.steps).toEqual([
      {
        position: 1,
        type: "ID_PHOTO",
        compareFace: false,
        compareWithPosition: null,
        compareTarget: null,
        documentTypeHexId: null,
        documentTypeName: null,
        expiryMinutes: null,
        maxAttempts: 3,
        validateWithAuthority: true,
      },
      {
        position: 2,
        type: "SELFIE",
        compareFace: true,
        compareWithPosition: 1,
        compareTarget: null,
        documentTypeHexId: null,
        documentTypeName: null,
        expiryMinutes: 5,
        maxAttempts: null,
        validateWithAuthority: false,
      },
      {
        position: 3,
        type: "VIDEO",
        compareFace: true,
        compareWithPosition: null,
        compareTarget: "SELFIE",
        documentTypeHexId: null,
        documentTypeName: null,
        expiryMinutes: null,
        maxAttempts: null,
        validateWithAuthority: false,
      },
      {
        position: 4,
        type: "SIGNATURE",
        compareFace: false,
        compareWithPosition: null,
        compareTarget: null,
        documentTypeHexId: null,
        documentTypeName: null,
        expiryMinutes: null,
        maxAttempts: null,
        validateWithAuthority: false,
      },
    ]);
    expect(new Date(flow.creationDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await get(adminA, flow.flowHexId)).body).toEqual(flow);
    const log = await db.operationLog.findFirst({ where: { organizationId: orgA.organization.id, operationEventId: "FLOW_CREATE" } });
    expect(log?.detail).toContain(`recordId=${flow.flowHexId}`);
  });

  it("are filtered by kind and state", async () => {
    await newFlow(adminA, { name: "Validación", kind: "VALIDATION", steps: [{ type: "DATA_CONFIRM" }, { type: "ID_PHOTO" }] });
    expect((await list(adminA, { kind: "VALIDATION" })).map((f) => f.name)).toEqual(["Validación de identidad", "Validación"]);
    expect((await list(adminA, { active: "true" })).every((f) => f.active)).toBe(true);
    expect((await call(listFlows, "/api/flows", { token: adminA, query: { kind: "OTRO" } })).status).toBe(400);
  });

  it("are read by those who prepare shipments", async () => {
    expect((await call(listFlows, "/api/flows", { token: operatorA })).status).toBe(200);
  });
});

describe("flow title and values (spec §5)", () => {
  it("requires a title: 'Debe agregar el título'", async () => {
    for (const body of [{ steps: threeSteps }, { name: "   ", steps: threeSteps }]) {
      const { status, body: error } = await create(adminA, body);
      expect(status).toBe(400);
      expect(error).toMatchObject({ errorCode: "FLOW_TITLE_REQUIRED", message: "Debe agregar el título", field: "name" });
    }
    const flow = await newFlow(adminA);
    expect((await update(adminA, flow.flowHexId, { name: "", steps: threeSteps })).body.message).toBe("Debe agregar el título");
  });

  it("refuses values outside their bounds, saying the bounds", async () => {
    const cases: [Record<string, unknown>, string, number, number][] = [
      [{ expirationDays: 0 }, "expirationDays", 1, 365],
      [{ expirationDays: 366 }, "expirationDays", 1, 365],
      [{ steps: [{ type: "DATA_CONFIRM", expiryMinutes: 0 }] }, "steps.0.expiryMinutes", 1, 1440],
      [{ steps: [{ type: "DATA_CONFIRM" }, { type: "VIDEO", expiryMinutes: 1441 }] }, "steps.1.expiryMinutes", 1, 1440],
      [{ steps: [{ type: "ID_PHOTO", maxAttempts: 0 }] }, "steps.0.maxAttempts", 1, 10],
      [{ steps: [{ type: "ID_PHOTO", maxAttempts: 11 }] }, "steps.0.maxAttempts", 1, 10],
    ];
    for (const [body, field, min, max] of cases) {
      const { status, body: error } = await create(adminA, { name: "Límites", ...body });
      expect(status).toBe(400);
      expect(error).toEqual({
        errorCode: "FLOW_VALUE_OUT_OF_BOUNDS",
        message: `${invalidConfig}: el valor debe estar entre ${min} y ${max}.`,
        field,
        min,
        max,
        fields: [{ field, errorCode: "FLOW_VALUE_OUT_OF_BOUNDS", message: `${invalidConfig}: el valor debe estar entre ${min} y ${max}.` }],
      });
    }
    const english = await call(createFlow, "/api/flows", {
      body: { name: "Limits", expirationDays: 400 },
      token: adminA,
      headers: { "accept-language": "en" },
    });
    expect(english.body.message).toBe("One of the settings has an invalid value: the value must be between 1 and 365.");
    for (const [value, max] of [
      [1, 1440],
      [1440, 1440],
    ]) {
      expect(
        (await create(adminA, { name: "En el límite", steps: [{ type: "SELFIE", expiryMinutes: value, maxAttempts: 10 }] })).status,
        String(max),
      ).toBe(201);
    }
  });

  it("refuses a value of the wrong shape, or a setting the step does not take, with the exact message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ expirationDays: 2.5 }, "expirationDays"],
      [{ steps: [{ type: "ID_PHOTO", maxAttempts: "tres" }] }, "steps.0.maxAttempts"],
      [{ steps: [{ type: "BAILE" }] }, "steps.0.type"],
      [{ steps: [{ type: "ACCEPT_TERMS", maxAttempts: 3 }] }, "steps.0.maxAttempts"],
      [{ steps: [{ type: "SIGNATURE", validateWithAuthority: true }] }, "steps.0.validateWithAuthority"],
      [{ steps: [{ type: "ID_PHOTO", documentTypeHexId: "0".repeat(32) }] }, "steps.0.documentTypeHexId"],
      [{ steps: [{ type: "SIGNATURE", compareFace: true, compareTarget: "REGISTRY" }] }, "steps.0.compareFace"],
      [{ kind: "VALIDATION", steps: [{ type: "SIGNATURE" }] }, "steps.0.type"],
    ];
    for (const [body, field] of cases) {
      const { status, body: error } = await create(adminA, { name: "Inválido", ...body });
      expect(status, field).toBe(400);
      expect(error, field).toMatchObject({ errorCode: "FLOW_INVALID_CONFIG", message: invalidConfig, field });
    }
  });

  it("refuses a document type of another organisation as an invalid setting", async () => {
    const typeB = await db.documentType.findFirstOrThrow({ where: { organizationId: orgB.organization.id } });
    const { status, body } = await create(adminA, {
      name: "Tipo ajeno",
      steps: [{ type: "SEE_DOCUMENT", documentTypeHexId: typeB.hexId }],
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: "FLOW_INVALID_CONFIG", field: "steps.0.documentTypeHexId" });
    const typeA = await db.documentType.findFirstOrThrow({ where: { organizationId: orgA.organization.id, isDefault: true } });
    const ok = await newFlow(adminA, { steps: [{ type: "SEE_DOCUMENT", documentTypeHexId: typeA.hexId }, { type: "SIGNATURE" }] });
    expect(ok.steps[0]).toMatchObject({ documentTypeHexId: typeA.hexId, documentTypeName: typeA.name });
  });

  it("allows each step once, and validation with authorities on a single step", async () => {
    const twice = await create(adminA, { name: "Doble", steps: [{ type: "SIGNATURE" }, { type: "SIGNATURE" }] });
    expect(twice.body).toMatchObject({
      errorCode: "FLOW_DUPLICATE_STEP",
      message: "Cada paso solo puede aparecer una vez en el flujo.",
      field: "steps.1.type",
    });
    const authorities = await create(adminA, {
      name: "Autoridades",
      steps: [
        { type: "ID_PHOTO", validateWithAuthority: true },
        { type: "FINGERPRINT", validateWithAuthority: true },
      ],
    });
    expect(authorities.status).toBe(400);
    expect(authorities.body).toMatchObject({
      errorCode: "FLOW_AUTHORITY_SINGLE_STEP",
      message: "La validación con autoridades solo puede aplicarse a un paso.",
      field: "steps.1.validateWithAuthority",
    });
  });
});

describe("face comparison (spec §5)", () => {
  const faceMessage = "La comparación facial necesita un paso previo o un objetivo de comparación.";

  it("needs an earlier ID photo or selfie step, or a chosen target", async () => {
    const cases: [unknown[], string][] = [
      [[{ type: "SELFIE", compareFace: true }], "steps.0.compareFace"],
      [[{ type: "SELFIE", compareWithPosition: 1 }], "steps.0.compareWithPosition"],
      [[{ type: "SELFIE", compareWithPosition: 2 }, { type: "ID_PHOTO" }], "steps.0.compareWithPosition"],
      [[{ type: "DATA_CONFIRM" }, { type: "SELFIE", compareWithPosition: 1 }], "steps.1.compareWithPosition"],
      [[{ type: "ID_PHOTO" }, { type: "VIDEO", compareWithPosition: 9 }], "steps.1.compareWithPosition"],
    ];
    for (const [steps, field] of cases) {
      const { status, body } = await create(adminA, { name: "Cara", steps });
      expect(status, field).toBe(400);
      expect(body, field).toMatchObject({ errorCode: "FLOW_FACE_COMPARISON", message: faceMessage, field });
    }
  });

  it("accepts an earlier source step or a target, and not both or a target the step cannot use", async () => {
    await newFlow(adminA, {
      steps: [{ type: "ID_PHOTO" }, { type: "SELFIE", compareWithPosition: 1 }, { type: "VIDEO", compareWithPosition: 2 }],
    });
    await newFlow(adminA, { steps: [{ type: "SELFIE", compareFace: true, compareTarget: "REGISTRY" }, { type: "SIGNATURE" }] });
    await newFlow(adminA, { steps: [{ type: "SELFIE", compareFace: false }, { type: "SIGNATURE" }] });
    const both = await create(adminA, {
      name: "Ambos",
      steps: [{ type: "ID_PHOTO" }, { type: "SELFIE", compareWithPosition: 1, compareTarget: "REGISTRY" }],
    });
    expect(both.body).toMatchObject({ errorCode: "FLOW_INVALID_CONFIG", field: "steps.1.compareTarget" });
    const selfieWithItself = await create(adminA, { name: "Selfie", steps: [{ type: "SELFIE", compareTarget: "SELFIE" }] });
    expect(selfieWithItself.body).toMatchObject({ errorCode: "FLOW_INVALID_CONFIG", field: "steps.0.compareTarget" });
    const offButSource = await create(adminA, {
      name: "Apagada",
      steps: [{ type: "SELFIE", compareFace: false, compareTarget: "REGISTRY" }],
    });
    expect(offButSource.body).toMatchObject({ errorCode: "FLOW_INVALID_CONFIG", field: "steps.0.compareFace" });
  });
});

describe("activating flows (spec §5 minimum steps)", () => {
  it("refuses a flow with fewer than 2 steps, with the minimum in the message", async () => {
    const short = await newFlow(adminA, { steps: [{ type: "SIGNATURE" }] });
    const { status, body } = await activate(adminA, short.flowHexId);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      errorCode: "FLOW_MIN_STEPS",
      message: "El flujo no puede activarse sin el número mínimo de pasos (2).",
      field: "steps",
      min: 2,
    });
    expect((await get(adminA, short.flowHexId)).body.active).toBe(false);
  });

  it("refuses a signature flow without the signature step", async () => {
    const unsigned = await newFlow(adminA, { steps: [{ type: "DATA_CONFIRM" }, { type: "SEE_DOCUMENT" }] });
    const { body } = await activate(adminA, unsigned.flowHexId);
    expect(body).toMatchObject({
      errorCode: "FLOW_SIGNATURE_STEP_REQUIRED",
      message: "Un flujo de firma debe incluir el paso de firma manuscrita.",
    });
  });

  it("activates and deactivates a complete flow, logging both", async () => {
    const flow = await newFlow(adminA);
    expect((await activate(adminA, flow.flowHexId)).body.active).toBe(true);
    expect((await deactivate(adminA, flow.flowHexId)).body.active).toBe(false);
    const events = await db.operationLog.findMany({
      where: { organizationId: orgA.organization.id, detail: { contains: flow.flowHexId } },
      select: { operationEventId: true },
    });
    expect(events.map((e) => e.operationEventId).sort()).toEqual(["FLOW_ACTIVATE", "FLOW_CREATE", "FLOW_DEACTIVATE"]);
  });

  it("keeps an active flow activatable when it is edited", async () => {
    const flow = await newFlow(adminA);
    await activate(adminA, flow.flowHexId);
    const shrunk = await update(adminA, flow.flowHexId, { name: "Corto", steps: [{ type: "SIGNATURE" }] });
    expect(shrunk.body.errorCode).toBe("FLOW_MIN_STEPS");
    const reordered = await update(adminA, flow.flowHexId, {
      name: "Reordenado",
      expirationDays: 7,
      steps: [{ type: "SEE_DOCUMENT" }, { type: "ACCEPT_TERMS" }, { type: "SIGNATURE", expiryMinutes: 20 }],
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body).toMatchObject({ name: "Reordenado", expirationDays: 7, active: true });
    expect(reordered.body.steps.map((s) => [s.position, s.type, s.expiryMinutes])).toEqual([
      [1, "SEE_DOCUMENT", null],
      [2, "ACCEPT_TERMS", null],
      [3, "SIGNATURE", 20],
    ]);
    expect(await db.operationLog.count({ where: { operationEventId: "FLOW_UPDATE", detail: { contains: flow.flowHexId } } })).toBe(1);
  });
});

describe("the default flow (spec §4)", () => {
  it("cannot be deactivated or deleted", async () => {
    const current = await defaultOf(adminA);
    const off = await deactivate(adminA, current.flowHexId);
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({
      errorCode: "FLOW_DEFAULT_LOCKED",
      message:
        "El flujo predeterminado debe estar activo y no puede desactivarse ni eliminarse; marque otro flujo como predeterminado primero.",
    });
    expect((await remove(adminA, current.flowHexId)).body.errorCode).toBe("FLOW_DEFAULT_LOCKED");
    expect((await get(adminA, current.flowHexId)).body).toMatchObject({ active: true, isDefault: true });
  });

  it("moves to a flow made default, which becomes active, and the previous one can then be deactivated and deleted", async () => {
    const previous = await defaultOf(adminA);
    const next = await newFlow(adminA, { name: "Nuevo predeterminado" });
    const made = await setDefault(adminA, next.flowHexId);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ isDefault: true, active: true });
    const defaults = (await list(adminA, { kind: "SIGNATURE" })).filter((f) => f.isDefault);
    expect(defaults.map((f) => f.flowHexId)).toEqual([next.flowHexId]);
    expect((await deactivate(adminA, previous.flowHexId)).body).toMatchObject({ active: false, isDefault: false });
    expect((await remove(adminA, previous.flowHexId)).body).toEqual({ result: 1 });
    expect(await db.flow.count({ where: { hexId: previous.flowHexId } })).toBe(0);
    expect(await db.operationLog.count({ where: { operationEventId: "FLOW_DEFAULT", detail: { contains: next.flowHexId } } })).toBe(1);
    expect(await db.operationLog.count({ where: { operationEventId: "FLOW_DELETE", detail: { contains: previous.flowHexId } } })).toBe(1);
  });

  it("is made only of a flow that could be active", async () => {
    const short = await newFlow(adminA, { steps: [{ type: "SIGNATURE" }] });
    expect((await setDefault(adminA, short.flowHexId)).body.errorCode).toBe("FLOW_MIN_STEPS");
    expect((await get(adminA, short.flowHexId)).body).toMatchObject({ isDefault: false, active: false });
  });

  it("is one per kind: a default validation flow leaves the signature default alone", async () => {
    const signatureDefault = await defaultOf(adminA);
    const validation = await newFlow(adminA, {
      name: "Validación por defecto",
      kind: "VALIDATION",
      steps: [{ type: "ID_PHOTO" }, { type: "SELFIE", compareWithPosition: 1 }],
    });
    await setDefault(adminA, validation.flowHexId);
    expect((await defaultOf(adminA, "VALIDATION")).flowHexId).toBe(validation.flowHexId);
    expect((await defaultOf(adminA)).flowHexId).toBe(signatureDefault.flowHexId);
  });

  it("stays single when two flows are made default at once", async () => {
    const [one, two] = await Promise.all([newFlow(adminA, { name: "Carrera 1" }), newFlow(adminA, { name: "Carrera 2" })]);
    await Promise.all([setDefault(adminA, one.flowHexId), setDefault(adminA, two.flowHexId)]);
    expect(await db.flow.count({ where: { organizationId: orgA.organization.id, kind: "SIGNATURE", isDefault: true } })).toBe(1);
  });
});

describe("flows already used (spec §4)", () => {
  let used: FlowView;

  beforeAll(async () => {
    used = await newFlow(adminA, { name: "Usado" });
    await activate(adminA, used.flowHexId);
    const flow = await db.flow.findUniqueOrThrow({ where: { hexId: used.flowHexId } });
    await db.document.create({ data: { organizationId: orgA.organization.id, flowId: flow.id, title: "Contrato enviado" } });
  });

  it("cannot be edited or deleted", async () => {
    expect((await get(adminA, used.flowHexId)).body.inUse).toBe(true);
    const edit = await update(adminA, used.flowHexId, { name: "Cambiado", steps: threeSteps });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({
      errorCode: "FLOW_IN_USE",
      message: "Este flujo ya se ha usado y no puede modificarse ni eliminarse; clónelo para crear uno nuevo.",
    });
    expect((await remove(adminA, used.flowHexId)).body.errorCode).toBe("FLOW_IN_USE");
    expect((await get(adminA, used.flowHexId)).body.name).toBe("Usado");
  });

  it("counts validation links as use too", async () => {
    const validation = await newFlow(adminA, {
      name: "Con enlace",
      kind: "VALIDATION",
      steps: [{ type: "ID_PHOTO" }, { type: "SELFIE", compareWithPosition: 1 }],
    });
    const flow = await db.flow.findUniqueOrThrow({ where: { hexId: validation.flowHexId } });
    await db.validationLink.create({
      data: {
        organizationId: orgA.organization.id,
        flowId: flow.id,
        pinHash: "0".repeat(64),
        expirationDate: new Date(Date.now() + 86_400_000),
        description: "Enlace",
      },
    });
    expect((await update(adminA, validation.flowHexId, { name: "Otro", steps: [] })).body.errorCode).toBe("FLOW_IN_USE");
  });

  it("can still be deactivated and activated", async () => {
    expect((await deactivate(adminA, used.flowHexId)).body.active).toBe(false);
    expect((await activate(adminA, used.flowHexId)).body.active).toBe(true);
  });

  it("is cloned with its steps and settings into an editable, inactive, non-default copy", async () => {
    const source = await newFlow(adminA, {
      name: "Original",
      expirationDays: 45,
      geolocateSigners: true,
      steps: [
        { type: "ID_PHOTO", maxAttempts: 4 },
        { type: "SELFIE", compareWithPosition: 1, validateWithAuthority: true, expiryMinutes: 3 },
        { type: "SIGNATURE" },
      ],
    });
    await setDefault(adminA, source.flowHexId);
    const flow = await db.flow.findUniqueOrThrow({ where: { hexId: source.flowHexId } });
    await db.document.create({ data: { organizationId: orgA.organization.id, flowId: flow.id, title: "Otro envío" } });
    const copy = await clone(adminA, source.flowHexId);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: "Original (copia)",
      kind: "SIGNATURE",
      active: false,
      isDefault: false,
      inUse: false,
      expirationDays: 45,
      geolocateSigners: true,
      createdBy: adminAName,
    });
    expect(copy.body.flowHexId).not.toBe(source.flowHexId);
    expect(copy.body.steps).toEqual((await get(adminA, source.flowHexId)).body.steps);
    expect((await update(adminA, copy.body.flowHexId, { name: "Copia editada", steps: threeSteps })).status).toBe(200);
    expect((await clone(adminA, source.flowHexId, { name: "Con nombre" })).body.name).toBe("Con nombre");
    expect((await clone(adminA, source.flowHexId, { name: " " })).body.errorCode).toBe("FLOW_TITLE_REQUIRED");
    expect(await db.operationLog.count({ where: { operationEventId: "FLOW_CLONE", detail: { contains: source.flowHexId } } })).toBe(2);
  });
});

describe("flows across organisations and roles", () => {
  let flowA: FlowView;

  beforeAll(async () => {
    flowA = await newFlow(adminA, { name: "Solo de A" });
  });

  it("never shows another organisation's flows, and creates in the caller's own", async () => {
    expect((await list(adminB)).map((f) => f.flowHexId)).not.toContain(flowA.flowHexId);
    expect((await list(adminB, { kind: "SIGNATURE" })).map((f) => f.name)).toEqual(["Firma simple"]);
    expect((await get(adminB, flowA.flowHexId)).status).toBe(404);
    const flowB = await newFlow(adminB, { name: "Solo de B" });
    expect((await list(adminA)).map((f) => f.flowHexId)).not.toContain(flowB.flowHexId);
    expect((await get(adminA, flowB.flowHexId)).status).toBe(404);
    await remove(adminB, flowB.flowHexId);
  });

  it("refuses every change to another organisation's flow as not found", async () => {
    expect((await update(adminB, flowA.flowHexId, { name: "Robado", steps: threeSteps })).status).toBe(404);
    expect((await activate(adminB, flowA.flowHexId)).status).toBe(404);
    expect((await deactivate(adminB, flowA.flowHexId)).status).toBe(404);
    expect((await setDefault(adminB, flowA.flowHexId)).status).toBe(404);
    expect((await clone(adminB, flowA.flowHexId)).status).toBe(404);
    expect((await remove(adminB, flowA.flowHexId)).status).toBe(404);
    expect((await get(adminA, flowA.flowHexId)).body).toMatchObject({ name: "Solo de A", active: false, isDefault: false });
    expect(await db.flow.count({ where: { organizationId: orgB.organization.id } })).toBe(2);
    expect((await defaultOf(adminB)).name).toBe("Firma simple");
  });

  it("refuses every write to the operator role", async () => {
    const responses = await Promise.all([
      create(operatorA, { name: "Del operador", steps: threeSteps }),
      update(operatorA, flowA.flowHexId, { name: "Del operador", steps: threeSteps }),
      activate(operatorA, flowA.flowHexId),
      deactivate(operatorA, flowA.flowHexId),
      setDefault(operatorA, flowA.flowHexId),
      clone(operatorA, flowA.flowHexId),
      remove(operatorA, flowA.flowHexId),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(403);
      expect(response.body.errorCode).toBe("FORBIDDEN");
    }
  });
});
