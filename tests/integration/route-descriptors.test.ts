import { PDFDocument } from "@cantoo/pdf-lib";
import { NextRequest, NextResponse } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listDocuments, POST as createDraft } from "@/app/api/documents/route";
import { POST as uploadFile } from "@/app/api/documents/[documentHexId]/files/route";
import { POST as cartesianCoordinates } from "@/app/api/security/getCartesianCoordinates/route";
import { db } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api";
import { descriptorOf } from "@/lib/http/endpoint";
import { apiOperations } from "@/lib/openapi/document";
import { notOperations, undescribedHandlers } from "../support/undescribed-handlers";
import { routeFolderOf, routeFolders } from "../support/route-list";
import { call, clientAddressHeaders } from "../support/http";
import { createTestOrganization, createTestUser } from "../support/fixtures";
import { signIn } from "../support/sign-in";
import { assertDocumentedAnswer } from "./support/documented-answers";

type RouteModules = Record<string, Record<string, unknown>>;

const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const loaders = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");
let modules: RouteModules;
let token: string;

beforeAll(async () => {
  modules = Object.fromEntries(
    await Promise.all(
      Object.entries(loaders).map(
        async ([file, load]) => [file.replace(/^\/app\/api\//, "").replace(/\/route\.ts$/, ""), await load()] as const,
      ),
    ),
  );
  const organization = await createTestOrganization();
  token = await signIn((await createTestUser(organization)).email);
}, 120_000);

/** Every exported method handler: "GET documents/[documentHexId]" → the export. */
function handlers(routeModules: RouteModules): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [folder, module] of Object.entries(routeModules)) {
    if (Object.hasOwn(notOperations, folder)) continue;
    for (const method of methods) if (module[method] !== undefined) found.set(`${method} ${folder}`, module[method]);
  }
  return found;
}

/** What is wrong with how the route modules' handlers are wired; empty when each has the descriptor of its own method and path. */
function wiringProblems(routeModules: RouteModules): string[] {
  const operations = new Set(apiOperations);
  const problems: string[] = [];
  for (const [key, handler] of handlers(routeModules)) {
    const descriptor = descriptorOf(handler);
    if (!descriptor) {
      if (!Object.hasOwn(undescribedHandlers, key)) problems.push(`${key}: no descriptor (wire it with endpoint())`);
      continue;
    }
    if (Object.hasOwn(undescribedHandlers, key))
      problems.push(`${key}: described now, remove it from tests/support/undescribed-handlers.ts`);
    const [method, folder] = key.split(" ");
    if (descriptor.method.toUpperCase() !== method || routeFolderOf(descriptor.path) !== folder)
      problems.push(`${key}: wired with ${descriptor.method.toUpperCase()} ${descriptor.path}`);
    if (!operations.has(descriptor)) problems.push(`${key}: its descriptor ${descriptor.operationId} is not in lib/openapi/document.ts`);
  }
  return problems;
}

describe("route descriptors", () => {
  it("loads every route file under app/api", () => {
    expect(Object.keys(modules).sort()).toEqual(routeFolders().sort());
  });

  it("wires every route handler with endpoint() from the descriptor of its own method and path", () => {
    expect(wiringProblems(modules)).toEqual([]);
  });

  it("names a handler without a descriptor, and one wired from another path's descriptor", () => {
    const plain = apiRoute(async () => NextResponse.json({}));
    expect(wiringProblems({ "documents/new-thing": { GET: plain }, "documents/[documentHexId]": { GET: listDocuments } })).toEqual([
      "GET documents/new-thing: no descriptor (wire it with endpoint())",
      "GET documents/[documentHexId]: wired with GET /api/documents",
    ]);
  });

  it("serves every described operation, and lists as undescribed only handlers that exist", () => {
    const found = handlers(modules);
    const served = apiOperations.filter((op) => descriptorOf(found.get(`${op.method.toUpperCase()} ${routeFolderOf(op.path)}`)) === op);
    expect(apiOperations.filter((op) => !served.includes(op)).map((op) => op.operationId)).toEqual([]);
    expect(Object.keys(undescribedHandlers).filter((key) => !found.has(key))).toEqual([]);
  });
});

describe("endpoint()", () => {
  it("refuses a body field the descriptor does not declare, naming it in the caller's language, and stores nothing", async () => {
    const body = { title: "Contrato", callbackUrl: "https://erp.example/hook" };
    const spanish = await call(createDraft, "/api/documents", { body, token, headers: { "accept-language": "es-ES" } });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toMatchObject({ errorCode: "VALIDATION_FAILED", field: "callbackUrl" });
    expect(spanish.body.message).toContain("«callbackUrl» no se admite");
    const english = await call(createDraft, "/api/documents", { body, token, headers: { "accept-language": "en-US" } });
    expect(english.body).toMatchObject({ errorCode: "VALIDATION_FAILED", field: "callbackUrl" });
    expect(english.body.message).toContain('"callbackUrl" is not accepted');
    const list = await call<{ _embedded: { documents: unknown[] } }>(listDocuments, "/api/documents", { token });
    expect(list.body._embedded.documents).toEqual([]);
  });

  it("accepts the same body with the field spelled as documented", async () => {
    const created = await call(createDraft, "/api/documents", {
      body: { title: "Contrato", callBackUrl: "https://erp.example/hook" },
      token,
    });
    expect(created.status).toBe(201);
  });

  it("refuses a query parameter the descriptor's query does not declare, naming it; the declared ones still work", async () => {
    const spanish = await call(listDocuments, "/api/documents", {
      token,
      query: { sort: "title,asc" },
      headers: { "accept-language": "es-ES" },
    });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toMatchObject({ errorCode: "VALIDATION_FAILED", field: "sort" });
    expect(spanish.body.message).toContain("«sort» no se admite");
    const english = await call(listDocuments, "/api/documents", {
      token,
      query: { page: "0", _: "1732600000" },
      headers: { "accept-language": "en-US" },
    });
    expect(english.body).toMatchObject({ errorCode: "VALIDATION_FAILED", field: "_" });
    expect(english.body.message).toContain('"_" is not accepted');
    expect((await call(listDocuments, "/api/documents", { token, query: { page: "0", size: "5", search: "x" } })).status).toBe(200);
  });

  it("refuses a multipart field the descriptor's form does not declare, naming it, and stores no file", async () => {
    const draft = await call<{ documentHexId: string }>(createDraft, "/api/documents", { body: { title: "Con campo de más" }, token });
    const pdf = await PDFDocument.create();
    pdf.addPage([300, 400]);
    const bytes = await pdf.save();
    const upload = (extra: Record<string, string>, language = "es-ES") => {
      const form = new FormData();
      form.set("file", new File([bytes as BlobPart], "contrato.pdf", { type: "application/pdf" }));
      for (const [name, value] of Object.entries(extra)) form.set(name, value);
      const request = new NextRequest(`http://127.0.0.1:3000/api/documents/${draft.body.documentHexId}/files`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${token}`, "accept-language": language, ...clientAddressHeaders("203.0.113.32") },
      });
      return uploadFile(request, { params: Promise.resolve({ documentHexId: draft.body.documentHexId }) });
    };
    const refused = await upload({ documentType: "contrato" });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ errorCode: "VALIDATION_FAILED", field: "documentType" });
    expect(body.message).toContain("«documentType» no se admite");
    const files = () => db.documentFile.count({ where: { document: { hexId: draft.body.documentHexId } } });
    expect(await files()).toBe(0);
    expect((await upload({})).status).toBe(201);
    expect(await files()).toBe(1);
  });

  it("refuses a field the helper call getCartesianCoordinates does not declare, in the helper's shape", async () => {
    const publicKey = "04" + "11".repeat(64);
    const answer = await call(cartesianCoordinates, "/api/security/getCartesianCoordinates", {
      body: { publicKey, curv: "P-256" },
      headers: { "accept-language": "en-US" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ result: 0, errorCode: "VALIDATION_FAILED", field: "curv" });
    expect(answer.body.description).toContain('"curv" is not accepted');
    expect(answer.body.fields).toEqual([expect.objectContaining({ field: "curv", errorCode: "VALIDATION_FAILED" })]);
  });

  it("refuses a handler's answer the OpenAPI document does not promise", () => {
    expect(() => assertDocumentedAnswer(listDocuments, 418, "application/json", {})).toThrow(
      /Undocumented answer: GET \/api\/documents → 418/,
    );
    expect(() => assertDocumentedAnswer(listDocuments, 401, "application/json", { errorCode: "NOT_A_CODE", message: "x" })).toThrow(
      /does not match the OpenAPI document/,
    );
    expect(() =>
      assertDocumentedAnswer(listDocuments, 401, "application/json", { errorCode: "UNAUTHENTICATED", message: "x" }),
    ).not.toThrow();
  });
});
