import { beforeAll, describe, expect, it } from "vitest";
import { POST as authenticateRoute } from "@/app/api/authenticate/route";
import { GET as listDocumentsRoute, POST as createDraftRoute } from "@/app/api/documents/route";
import { GET as draftRoute, PUT as updateDraftRoute } from "@/app/api/documents/[documentHexId]/route";
import { GET as listFlowsRoute, POST as createFlowRoute } from "@/app/api/flows/route";
import { GET as flowRoute } from "@/app/api/flows/[flowHexId]/route";
import { POST as createDocumentTypeRoute } from "@/app/api/fileType/route";
import { GET as documentTypeRoute } from "@/app/api/fileType/[documentTypeHexId]/route";
import { POST as createApiKeyRoute } from "@/app/api/api-keys/route";
import { GET as apiKeyRoute } from "@/app/api/api-keys/[apiUserHexId]/route";
import { GET as listContactsRoute } from "@/app/api/contacts/route";
import { GET as contactRoute } from "@/app/api/contacts/[contactHexId]/route";
import { GET as signatureProcessRoute } from "@/app/api/signprocess/getSignatureProcess/[id]/route";
import { POST as geolocationRoute } from "@/app/api/signprocess/addSigneeGeolocation/route";
import { PUT as setSignersRoute } from "@/app/api/documents/[documentHexId]/signers/route";
import { POST as retryDeliveryRoute } from "@/app/api/documents/[documentHexId]/deliveries/[deliveryHexId]/retry/route";
import { GET as sessionLogsRoute } from "@/app/api/data/viewSessionLogs/route";
import { GET as operationLogsRoute } from "@/app/api/data/operationLogs/search/route";
import { db } from "@/lib/db/client";
import { createTestOrganization, createTestUser, testPassword, type TestOrganization } from "../support/fixtures";
import { call, type CallOptions } from "../support/http";
import { signIn } from "../support/sign-in";
import { createSentShipment } from "../support/signing";

// Issue 16 point 6: a NUL (or another control character) in a text field, a query or a path
// parameter, and a number too large to be a date, are answered as the caller's mistake (400 with
// the field), never as a server error.

const nul = "\u0000";
let org: TestOrganization;
let token: string;
let draftHexId: string;
let roleHexId: string;

beforeAll(async () => {
  org = await createTestOrganization();
  const admin = await createTestUser(org);
  token = await signIn(admin.email);
  const draft = await call<{ documentHexId: string }>(createDraftRoute, "/api/documents", { token, body: { title: "Borrador" } });
  expect(draft.status).toBe(201);
  draftHexId = draft.body.documentHexId;
  roleHexId = (await db.role.findUniqueOrThrow({ where: { id: org.adminRole.id } })).hexId;
});

type Case = { name: string; handler: unknown; path: string; options: () => CallOptions; field: string };

const cases: Case[] = [
  {
    name: "login username",
    handler: authenticateRoute,
    path: "/api/authenticate",
    options: () => ({ body: { username: `admin${nul}@example.test`, password: testPassword } }),
    field: "username",
  },
  {
    name: "document title",
    handler: updateDraftRoute,
    path: "/api/documents/x",
    options: () => ({ method: "PUT", token, params: { documentHexId: draftHexId }, body: { title: `Contrato${nul}` } }),
    field: "title",
  },
  {
    name: "document description",
    handler: updateDraftRoute,
    path: "/api/documents/x",
    options: () => ({
      method: "PUT",
      token,
      params: { documentHexId: draftHexId },
      body: { title: "Contrato", description: `Línea${nul}` },
    }),
    field: "description",
  },
  {
    name: "document tags",
    handler: updateDraftRoute,
    path: "/api/documents/x",
    options: () => ({
      method: "PUT",
      token,
      params: { documentHexId: draftHexId },
      body: { title: "Contrato", tags: ["ventas", `a${nul}b`] },
    }),
    field: "tags.1",
  },
  {
    name: "new draft title",
    handler: createDraftRoute,
    path: "/api/documents",
    options: () => ({ token, body: { title: `${nul}` } }),
    field: "title",
  },
  {
    name: "flow name",
    handler: createFlowRoute,
    path: "/api/flows",
    options: () => ({ token, body: { name: `Flujo${nul}` } }),
    field: "name",
  },
  {
    name: "document type name",
    handler: createDocumentTypeRoute,
    path: "/api/fileType",
    options: () => ({ token, body: { name: `DNI${nul}` } }),
    field: "name",
  },
  {
    name: "API key name",
    handler: createApiKeyRoute,
    path: "/api/api-keys",
    options: () => ({ token, body: { name: `Clave${nul}`, roleHexId } }),
    field: "name",
  },
  {
    name: "document list search",
    handler: listDocumentsRoute,
    path: "/api/documents",
    options: () => ({ token, query: { search: `a${nul}` } }),
    field: "search",
  },
  {
    name: "contact list search",
    handler: listContactsRoute,
    path: "/api/contacts",
    options: () => ({ token, query: { search: `a${nul}` } }),
    field: "search",
  },
  {
    name: "flow list search",
    handler: listFlowsRoute,
    path: "/api/flows",
    options: () => ({ token, query: { search: `a${nul}` } }),
    field: "search",
  },
  {
    name: "document path id",
    handler: draftRoute,
    path: "/api/documents/x",
    options: () => ({ token, params: { documentHexId: `${draftHexId}${nul}` } }),
    field: "documentHexId",
  },
  {
    name: "flow path id",
    handler: flowRoute,
    path: "/api/flows/x",
    options: () => ({ token, params: { flowHexId: `a${nul}` } }),
    field: "flowHexId",
  },
  {
    name: "document type path id",
    handler: documentTypeRoute,
    path: "/api/fileType/x",
    options: () => ({ token, params: { documentTypeHexId: `a${nul}` } }),
    field: "documentTypeHexId",
  },
  {
    name: "API key path id",
    handler: apiKeyRoute,
    path: "/api/api-keys/x",
    options: () => ({ token, params: { apiUserHexId: `a${nul}` } }),
    field: "apiUserHexId",
  },
  {
    name: "contact path id",
    handler: contactRoute,
    path: "/api/contacts/x",
    options: () => ({ token, params: { contactHexId: `a${nul}` } }),
    field: "contactHexId",
  },
  {
    name: "signer process path id",
    handler: signatureProcessRoute,
    path: "/api/signprocess/getSignatureProcess/x",
    options: () => ({ params: { id: `a${nul}` }, headers: { "x-url-sign": "0".repeat(32) } }),
    field: "id",
  },
];

describe("a control character in any text input", () => {
  it.each(cases)("is refused with a field error: $name", async ({ handler, path, options, field }) => {
    const answer = await call<{ errorCode?: string; field?: string; message?: string }>(handler, path, options());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: "CONTROL_CHARACTER", field });
    expect(answer.body.message).toBe("El campo contiene caracteres de control no permitidos.");
  });

  it("is refused in English for an English caller", async () => {
    const answer = await call<{ message?: string }>(listDocumentsRoute, "/api/documents", {
      token,
      query: { search: `a\u0007` },
      headers: { "accept-language": "en-US" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("The field contains control characters that are not allowed.");
  });

  it("leaves line breaks in a multi-line description alone but refuses them in a title", async () => {
    const description = await call(updateDraftRoute, "/api/documents/x", {
      method: "PUT",
      token,
      params: { documentHexId: draftHexId },
      body: { title: "Contrato", description: "Primera línea\nSegunda línea\tcon tabulador" },
    });
    expect(description.status).toBe(200);
    expect((await db.document.findFirstOrThrow({ where: { hexId: draftHexId } })).description).toBe(
      "Primera línea\nSegunda línea\tcon tabulador",
    );
    const title = await call(updateDraftRoute, "/api/documents/x", {
      method: "PUT",
      token,
      params: { documentHexId: draftHexId },
      body: { title: "Contrato\nfalso" },
    });
    expect(title.status).toBe(400);
    expect(title.body).toMatchObject({ errorCode: "CONTROL_CHARACTER", field: "title" });
  });
});

describe("numbers out of any sensible range", () => {
  it.each([1e20, 1e308, -1])("a geolocation timestamp of %d is a field error, not a server error", async (timestamp) => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}], geolocateSigners: true });
    const signer = signers[0]!;
    const answer = await call(geolocationRoute, "/api/signprocess/addSigneeGeolocation", {
      body: { process: "ENVIO", processHexId: signer.hexId, geolocation: { timestamp, latitude: 40.4, longitude: -3.7 } },
      headers: { "x-url-sign": signer.secret! },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: "VALIDATION_FAILED", field: "geolocation.timestamp" });
    expect(await db.location.count({ where: { signerId: signer.id } })).toBe(0);
  });

  it.each([
    ["documents", listDocumentsRoute, "/api/documents"],
    ["contacts", listContactsRoute, "/api/contacts"],
    ["sign-ins", sessionLogsRoute, "/api/data/viewSessionLogs"],
    ["operations", operationLogsRoute, "/api/data/operationLogs/search"],
  ])("a page number past any real list of %s is a field error", async (_name, handler, path) => {
    for (const page of ["1e20", "9007199254740991", "1000001"]) {
      const answer = await call(handler, path, { token, query: { page } });
      expect(answer.status, page).toBe(400);
      expect(answer.body).toMatchObject({ errorCode: "VALIDATION_FAILED", field: "page" });
    }
  });

  it("a minimum of signers past any real order is its own error", async () => {
    const answer = await call(setSignersRoute, "/api/documents/x/signers", {
      method: "PUT",
      token,
      params: { documentHexId: draftHexId },
      body: {
        signers: [{ firstName: "Ana", lastName: "Gil", email: "ana@gil.test", position: 1 }],
        orders: [{ position: 1, minSigners: 2 ** 40 }],
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.errorCode).toBe("SHIPMENT_MIN_SIGNERS_INVALID");
  });

  it("a delivery id that is no deliveryHexId (an old sequential id) is not found", async () => {
    const answer = await call(retryDeliveryRoute, "/api/documents/x/deliveries/y/retry", {
      method: "POST",
      token,
      params: { documentHexId: draftHexId, deliveryHexId: String(2 ** 40) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
  });
});
