import { beforeAll, describe, expect, it } from "vitest";
import { GET as getAllFileType } from "@/app/api/fileType/getAllFileType/route";
import { POST as createType } from "@/app/api/fileType/route";
import { DELETE as deleteType, GET as getType, PUT as updateType } from "@/app/api/fileType/[documentTypeHexId]/route";
import { POST as createFlow } from "@/app/api/flows/route";
import { db } from "@/lib/db/client";
import { call } from "../support/http";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";

type TypeView = { documentTypeHexId: string; name: string; isDefault: boolean; inUse: boolean };
type ErrorBody = { errorCode?: string; message?: string; field?: string };

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let adminB: string;
let operatorA: string;
let noRoleA: string;

const list = async (token: string) =>
  (await call<{ data: TypeView[] }>(getAllFileType, "/api/fileType/getAllFileType", { token })).body.data;
const create = (token: string, body: unknown) => call<TypeView & ErrorBody>(createType, "/api/fileType", { body, token });
const update = (token: string, hexId: string, body: unknown) =>
  call<TypeView & ErrorBody>(updateType, `/api/fileType/${hexId}`, { method: "PUT", body, token, params: { documentTypeHexId: hexId } });
const remove = (token: string, hexId: string) =>
  call(deleteType, `/api/fileType/${hexId}`, { method: "DELETE", token, params: { documentTypeHexId: hexId } });

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [a, b, operator, none] = await Promise.all([
    createTestUser(orgA),
    createTestUser(orgB),
    createTestUser(orgA, { role: "operator" }),
    createTestUser(orgA, { role: "none" }),
  ]);
  [adminA, adminB, operatorA, noRoleA] = await Promise.all([signIn(a.email), signIn(b.email), signIn(operator.email), signIn(none.email)]);
});

describe("GET /api/fileType/getAllFileType (spec §7)", () => {
  it("answers { data } with the organisation's types, its default first", async () => {
    const { status, body } = await call<{ data: TypeView[] }>(getAllFileType, "/api/fileType/getAllFileType", { token: adminA });
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { documentTypeHexId: expect.stringMatching(/^[0-9a-f]{32}$/), name: "Contrato", isDefault: true, inUse: false },
    ]);
  });

  it("is read by those who prepare shipments, and refused to a user without either privilege", async () => {
    expect((await call(getAllFileType, "/api/fileType/getAllFileType", { token: operatorA })).status).toBe(200);
    expect((await call(getAllFileType, "/api/fileType/getAllFileType", { token: noRoleA })).status).toBe(403);
    expect((await call(getAllFileType, "/api/fileType/getAllFileType")).status).toBe(401);
  });
});

describe("document type names (spec §5)", () => {
  it("creates a type and logs the operation", async () => {
    const { status, body } = await create(adminA, { name: "  Factura  " });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: "Factura", isDefault: false, inUse: false });
    const log = await db.operationLog.findFirst({
      where: { organizationId: orgA.organization.id, operationEventId: "DOCUMENT_TYPE_CREATE" },
    });
    expect(log?.detail).toContain(`recordId=${body.documentTypeHexId}`);
  });

  it("refuses a duplicate name, whatever its case, with the exact message of spec §5", async () => {
    const duplicate = await create(adminA, { name: "factura" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      errorCode: "DOCUMENT_TYPE_NAME_EXISTS",
      message: "No se pudo guardar el cambio, el nombre del tipo de documento ya existe",
      field: "name",
    });
    const other = (await create(adminA, { name: "Poder notarial" })).body;
    const renamed = await update(adminA, other.documentTypeHexId, { name: "FACTURA" });
    expect(renamed.status).toBe(409);
    expect(renamed.body.message).toBe("No se pudo guardar el cambio, el nombre del tipo de documento ya existe");
  });

  it("answers the duplicate message in English for an English caller", async () => {
    const { body } = await call(createType, "/api/fileType", {
      body: { name: "Contrato" },
      token: adminA,
      headers: { "accept-language": "en-US" },
    });
    expect(body.message).toBe("The change could not be saved, the document type name already exists");
  });

  it("allows the same name in another organisation, and keeps a rename to itself", async () => {
    expect((await create(adminB, { name: "Factura" })).status).toBe(201);
    const factura = (await list(adminA)).find((t) => t.name === "Factura")!;
    expect((await update(adminA, factura.documentTypeHexId, { name: "Factura" })).status).toBe(200);
  });

  it("requires a name", async () => {
    const empty = await create(adminA, { name: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errorCode: "EMPTY_FIELD", field: "name" });
  });
});

describe("the default document type", () => {
  it("moves to a type made default, leaving exactly one", async () => {
    const created = (await create(adminA, { name: "Acta", isDefault: true })).body;
    expect(created.isDefault).toBe(true);
    const types = await list(adminA);
    expect(types.filter((t) => t.isDefault).map((t) => t.name)).toEqual(["Acta"]);
    expect(types[0]!.name).toBe("Acta");
    const contrato = types.find((t) => t.name === "Contrato")!;
    expect((await update(adminA, contrato.documentTypeHexId, { name: "Contrato", isDefault: true })).body.isDefault).toBe(true);
    expect((await list(adminA)).filter((t) => t.isDefault).map((t) => t.name)).toEqual(["Contrato"]);
  });

  it("cannot be unset or deleted directly", async () => {
    const contrato = (await list(adminA)).find((t) => t.isDefault)!;
    const unset = await update(adminA, contrato.documentTypeHexId, { name: "Contrato", isDefault: false });
    expect(unset.status).toBe(409);
    expect(unset.body).toMatchObject({
      errorCode: "DOCUMENT_TYPE_DEFAULT_REQUIRED",
      message: "Debe haber un tipo de documento predeterminado: marque otro como predeterminado antes de quitar o eliminar este.",
    });
    const removed = await remove(adminA, contrato.documentTypeHexId);
    expect(removed.status).toBe(409);
    expect(removed.body.errorCode).toBe("DOCUMENT_TYPE_DEFAULT_REQUIRED");
  });

  it("is given to the first type of an organisation that has none", async () => {
    const org = await createTestOrganization();
    await db.documentType.deleteMany({ where: { organizationId: org.organization.id } });
    const token = await signIn((await createTestUser(org)).email);
    expect((await create(token, { name: "Primero" })).body.isDefault).toBe(true);
  });
});

describe("deleting document types", () => {
  it("deletes an unused type and logs it", async () => {
    const type = (await create(adminA, { name: "Borrable" })).body;
    const { status, body } = await remove(adminA, type.documentTypeHexId);
    expect(status).toBe(200);
    expect(body).toEqual({ result: 1 });
    expect((await list(adminA)).map((t) => t.name)).not.toContain("Borrable");
    expect(await db.operationLog.count({ where: { organizationId: orgA.organization.id, operationEventId: "DOCUMENT_TYPE_DELETE" } })).toBe(
      1,
    );
  });

  it("refuses a type referenced by a flow step or by a file", async () => {
    const byStep = (await create(adminA, { name: "Usado en flujo" })).body;
    const flow = await call(createFlow, "/api/flows", {
      body: { name: "Con tipo", steps: [{ type: "SEE_DOCUMENT", documentTypeHexId: byStep.documentTypeHexId }, { type: "SIGNATURE" }] },
      token: adminA,
    });
    expect(flow.status).toBe(201);
    expect((await list(adminA)).find((t) => t.documentTypeHexId === byStep.documentTypeHexId)?.inUse).toBe(true);
    const refused = await remove(adminA, byStep.documentTypeHexId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: "DOCUMENT_TYPE_IN_USE", message: "No se puede eliminar un tipo de documento en uso." });

    const byFile = (await create(adminA, { name: "Usado en archivo" })).body;
    const typeRow = await db.documentType.findUniqueOrThrow({ where: { hexId: byFile.documentTypeHexId } });
    await db.document.create({
      data: {
        organizationId: orgA.organization.id,
        title: "Con archivo",
        files: { create: { documentTypeId: typeRow.id, fileName: "a.pdf", storageKey: "k", sha256: "0".repeat(64), size: 1, pages: 1 } },
      },
    });
    expect((await remove(adminA, byFile.documentTypeHexId)).body.errorCode).toBe("DOCUMENT_TYPE_IN_USE");
  });
});

describe("document types across organisations and roles", () => {
  it("never shows or touches another organisation's types", async () => {
    const typeA = (await list(adminA)).find((t) => t.name === "Factura")!;
    expect((await list(adminB)).map((t) => t.documentTypeHexId)).not.toContain(typeA.documentTypeHexId);
    const typeB = (await create(adminB, { name: "Solo de B", isDefault: true })).body;
    expect((await list(adminA)).map((t) => t.documentTypeHexId)).not.toContain(typeB.documentTypeHexId);
    expect((await list(adminA)).filter((t) => t.isDefault)).toHaveLength(1);
    expect(
      (
        await call(getType, `/api/fileType/${typeA.documentTypeHexId}`, {
          token: adminB,
          params: { documentTypeHexId: typeA.documentTypeHexId },
        })
      ).status,
    ).toBe(404);
    expect((await update(adminB, typeA.documentTypeHexId, { name: "Robado" })).status).toBe(404);
    expect((await update(adminB, typeA.documentTypeHexId, { name: "Factura", isDefault: true })).status).toBe(404);
    expect((await remove(adminB, typeA.documentTypeHexId)).status).toBe(404);
    const after = await db.documentType.findUniqueOrThrow({ where: { hexId: typeA.documentTypeHexId } });
    expect(after).toMatchObject({ name: "Factura", isDefault: false });
    expect(
      (
        await call(getType, `/api/fileType/${typeA.documentTypeHexId}`, {
          token: adminA,
          params: { documentTypeHexId: typeA.documentTypeHexId },
        })
      ).body,
    ).toMatchObject({
      name: "Factura",
    });
  });

  it("refuses every write to the operator role", async () => {
    const typeA = (await list(adminA)).find((t) => t.name === "Factura")!;
    expect((await create(operatorA, { name: "Del operador" })).status).toBe(403);
    expect((await update(operatorA, typeA.documentTypeHexId, { name: "Del operador" })).status).toBe(403);
    expect((await remove(operatorA, typeA.documentTypeHexId)).status).toBe(403);
    expect((await create(operatorA, { name: "Del operador" })).body.errorCode).toBe("FORBIDDEN");
  });
});
