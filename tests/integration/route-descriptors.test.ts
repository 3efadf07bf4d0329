import { PDFDocument } from "@cantoo/pdf-lib";
import { NextRequest, NextResponse } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listDocuments, POST as createDraft } from "@/app/api/documents/route";
import { GET as downloadDocument } from "@/app/api/documents/[documentHexId]/download/route";
import { POST as uploadFile } from "@/app/api/documents/[documentHexId]/files/route";
import { POST as cartesianCoordinates } from "@/app/api/security/getCartesianCoordinates/route";
import { db } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api";
import { descriptorOf } from "@/lib/http/endpoint";
import { apiOperations } from "@/lib/openapi/document";
import { notOperations, undescribedHandlers } from "../support/undescribed-handlers";
import { routeFolderOf, routeFolders } from "../support/route-list";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { createTestOrganization, createTestUser } from "../support/fixtures";
import { signIn } from "../support/sign-in";
import { assertDocumentedAnswer, operationParams } from "./support/documented-answers";

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
      return sendRequest(uploadFile, request);
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

  it("refuses a handler's answer the OpenAPI document does not promise, and a request sent to another operation's handler", () => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
      status,
      headers: new Headers({ "content-type": "application/json", ...headers }),
      bytes: new TextEncoder().encode(JSON.stringify(body)),
    });
    const unauthenticated = { errorCode: "UNAUTHENTICATED", message: "x" };
    expect(() => assertDocumentedAnswer(listDocuments, json(418, {}))).toThrow(/Undocumented answer: GET \/api\/documents → 418/);
    expect(() => assertDocumentedAnswer(listDocuments, json(401, { errorCode: "NOT_A_CODE", message: "x" }))).toThrow(
      /does not match the OpenAPI document/,
    );
    expect(() => assertDocumentedAnswer(listDocuments, json(401, unauthenticated))).not.toThrow();
    // The operation a request is sent to, with its path parameters; one sent to another operation's handler.
    expect(operationParams(downloadDocument, { method: "GET", path: "/api/documents/0123abcd/download" })).toEqual({
      documentHexId: "0123abcd",
    });
    expect(() => operationParams(listDocuments, { method: "POST", path: "/api/documents" })).toThrow(
      /POST \/api\/documents was sent to the handler of GET \/api\/documents/,
    );
    expect(() => operationParams(listDocuments, { method: "GET", path: "/api/contacts" })).toThrow(/was sent to the handler of/);
    // A file in a media type the status does not list, and a JSON answer where a file is promised.
    const pdf = { status: 200, headers: new Headers({ "content-type": "application/pdf" }), bytes: new Uint8Array([0x25, 0x50]) };
    expect(() => assertDocumentedAnswer(listDocuments, pdf)).toThrow(/answered application\/pdf, the document promises application\/json/);
    const file = (contentType: string) => ({
      ...pdf,
      headers: new Headers({ "content-type": contentType, "content-disposition": 'attachment; filename="a"' }),
    });
    expect(() => assertDocumentedAnswer(downloadDocument, file("text/csv"))).toThrow(/answered text\/csv/);
    expect(() => assertDocumentedAnswer(downloadDocument, { ...json(200, {}), headers: file("application/json").headers })).toThrow(
      /the document promises application\/pdf, application\/zip, the handler answered JSON/,
    );
    expect(() => assertDocumentedAnswer(downloadDocument, file("application/zip"))).not.toThrow();
    // Headers: a required one missing, a value its schema refuses, one the document defines elsewhere and not here.
    expect(() => assertDocumentedAnswer(downloadDocument, pdf)).toThrow(/the required header Content-Disposition is missing/);
    const limited = { errorCode: "RATE_LIMITED", message: "x", seconds: 5 };
    const limitHeaders = { "retry-after": "5", "ratelimit-remaining": "0", "ratelimit-reset": "5" };
    expect(() => assertDocumentedAnswer(listDocuments, json(429, limited, limitHeaders))).not.toThrow();
    expect(() => assertDocumentedAnswer(listDocuments, json(429, limited, { ...limitHeaders, "retry-after": "" }))).toThrow(/Retry-After/);
    expect(() => assertDocumentedAnswer(listDocuments, json(429, limited, { "retry-after": "5" }))).toThrow(
      /the required header RateLimit-Remaining is missing/,
    );
    expect(() => assertDocumentedAnswer(listDocuments, json(401, unauthenticated, { "retry-after": "5" }))).toThrow(
      /header retry-after is not documented/,
    );
  });
});
