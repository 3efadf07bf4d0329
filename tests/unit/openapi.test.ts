import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiKeyView, createApiKeyInput } from "@/lib/api-keys/schemas";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { isApiKeyShaped, newApiKeySecret } from "@/lib/api-keys/key-secret";
import { apiOperations, openApiDocument } from "@/lib/openapi/document";
import { buildOpenApiDocument, type ApiOperation } from "@/lib/openapi/registry";
import { portalPages } from "@/lib/permissions/routes";
import { sha256Hex } from "@/lib/security/random";

type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  /** A file answer has a media type and no JSON schema. */
  responses: Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
};

const document = openApiDocument();
const paths = document.paths as Record<string, Record<string, Operation>>;
const components = document.components.schemas as Record<string, Schema>;
const ajv = new Ajv2020({ strict: false, validateFormats: false });

function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => (key === "$ref" && typeof inner === "string" ? [inner] : refs(inner)));
  }
  return [];
}

// The components once, as one schema every reference points into: compiled once, not again for each schema that uses them.
ajv.addSchema({ $id: "rubrica-openapi", components: { schemas: components } });

const compiled = new Map<string, ValidateFunction>();

/**
 * A response or body schema with its component references resolved, ready for ajv; compiled once for all its
 * uses (every operation's error answers are the same reference to Error).
 */
function compile(schema: Schema) {
  const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"rubrica-openapi#/components/schemas/');
  let validate = compiled.get(text);
  if (!validate) {
    validate = ajv.compile(JSON.parse(text) as Schema);
    compiled.set(text, validate);
  }
  return validate;
}

function schemasOf(op: Operation): Schema[] {
  return [
    ...(op.parameters ?? []).map((p) => p.schema),
    ...Object.values(op.requestBody?.content ?? {}).map((c) => c.schema),
    ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}).flatMap((c) => (c.schema ? [c.schema] : []))),
  ];
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 with the bearer and API key security schemes", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it("holds every registered operation once, with the auth it declares", () => {
    const security = {
      public: [],
      optional: [{}, { bearerAuth: [] }, { apiKey: [] }],
      token: [{ bearerAuth: [] }],
      tokenOrApiKey: [{ bearerAuth: [] }, { apiKey: [] }],
    };
    for (const op of apiOperations) {
      const described = paths[op.path]?.[op.method];
      expect(described, `${op.method} ${op.path}`).toBeDefined();
      expect(described!.operationId).toBe(op.operationId);
      expect(described!.security).toEqual(security[op.auth]);
      expect(Object.keys(described!.responses).length).toBeGreaterThan(0);
    }
    const count = Object.values(paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(count).toBe(apiOperations.length);
    expect(new Set(apiOperations.map((op) => op.operationId)).size).toBe(apiOperations.length);
  });

  it("lists the API key endpoints, sign-in, verification, token refresh and configuration", () => {
    const listed = Object.entries(paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(listed).toEqual(
      expect.arrayContaining([
        "GET /api/api-keys",
        "POST /api/api-keys",
        "GET /api/api-keys/{apiUserHexId}",
        "PATCH /api/api-keys/{apiUserHexId}",
        "DELETE /api/api-keys/{apiUserHexId}",
        "POST /api/api-keys/{apiUserHexId}/rotate",
        "POST /api/authenticate",
        "POST /api/verify",
        "POST /api/token/refresh",
        "GET /api/system/getConfigValue/{name}",
        "POST /api/system/getConfigValue",
        "GET /api/configs/search/findOneByName",
      ]),
    );
  });

  it("lists contacts and their channels, flows, document types, the dispatch list, the signed download and the logo", () => {
    const listed = Object.entries(paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(listed).toEqual(
      expect.arrayContaining([
        "GET /api/contacts",
        "POST /api/contacts",
        "GET /api/contacts/{contactHexId}",
        "PUT /api/contacts/{contactHexId}",
        "DELETE /api/contacts/{contactHexId}",
        "POST /api/contacts/{contactHexId}/channels",
        "PUT /api/contacts/{contactHexId}/channels/{channelHexId}",
        "DELETE /api/contacts/{contactHexId}/channels/{channelHexId}",
        "POST /api/contacts/{contactHexId}/channels/{channelHexId}/favorite",
        "GET /api/flows",
        "POST /api/flows",
        "GET /api/flows/{flowHexId}",
        "POST /api/flows/{flowHexId}/clone",
        "GET /api/fileType/getAllFileType",
        "GET /api/documents/{documentHexId}/dispatches",
        "GET /api/documents/{documentHexId}/download",
        "GET /api/organizations/{organizationHexId}/logo",
      ]),
    );
    const download = paths["/api/documents/{documentHexId}/download"]!.get!;
    expect(Object.keys(download.responses["200"]!.content!)).toEqual(["application/pdf", "application/zip"]);
    expect(download.responses["409"]!.content!["application/json"]!.schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(download.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(paths["/api/organizations/{organizationHexId}/logo"]!.get!.security).toEqual([]);
    const dispatch = (
      components.DispatchList as {
        properties: { _embedded: { properties: { dispatches: { items: { properties: Record<string, unknown> } } } } };
      }
    ).properties._embedded.properties.dispatches.items.properties;
    expect(Object.keys(dispatch)).toEqual(expect.arrayContaining(["destination", "errorReason", "error", "retryable"]));
    expect(JSON.stringify(components.DispatchList)).not.toMatch(/urlSign|secret/i);
  });

  it("validates the contact bodies the handlers validate, and the flow and document-type answers", () => {
    const create = compile(components.CreateContactInput!);
    expect(create({ name: "Ana", lastName: "García", email: "ana@example.com" })).toBe(true);
    expect(create({ lastName: "García" })).toBe(false);
    const channel = compile(components.ChannelInput!);
    expect(channel({ type: "SMS", value: "+34612345678" })).toBe(true);
    expect(channel({ type: "FAX", value: "1" })).toBe(false);
    expect(compile(components.DocumentType!)({ documentTypeHexId: "a".repeat(32), name: "Contrato", isDefault: true, inUse: false })).toBe(
      true,
    );
    expect(compile(components.Flow!)({ flowHexId: "a".repeat(32), name: "Firma", kind: "SIGNATURE" })).toBe(false);
  });

  it("lists the users administration calls and validates their bodies as the handlers do", () => {
    const listed = Object.entries(paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(listed).toEqual(
      expect.arrayContaining([
        "GET /api/users",
        "POST /api/users",
        "PUT /api/users/{userHexId}",
        "POST /api/users/{userHexId}/disable",
        "POST /api/users/{userHexId}/enable",
        "POST /api/users/{userHexId}/reset-mfa",
        "POST /api/users/{userHexId}/force-password-change",
        "POST /api/users/{userHexId}/resend-invitation",
      ]),
    );
    const invite = compile(components.CreateUserInput!);
    const body = { firstName: "Lucía", lastName: "Martín", email: "lucia@example.com", cellPhone: "+34612345678" };
    expect(invite({ ...body, roleHexIds: ["a".repeat(32)], groupHexIds: [] })).toBe(true);
    expect(invite({ ...body, email: undefined })).toBe(false);
    expect(invite({ ...body, roleHexIds: ["a".repeat(32), "b".repeat(32)] })).toBe(false);
    expect(paths["/api/users"]!.post!.responses["201"]).toBeDefined();
    expect(paths["/api/users"]!.post!.responses["409"]).toBeDefined();
  });

  it("describes only handlers that exist, with their path parameters", () => {
    for (const [template, item] of Object.entries(paths)) {
      const file = path.resolve(`app${template.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`);
      expect(existsSync(file), file).toBe(true);
      const source = readFileSync(file, "utf8");
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item)) {
        expect(source, `${method} ${template}`).toMatch(new RegExp(`export const ${method.toUpperCase()}\\b`));
        const pathParams = (op.parameters ?? []).filter((p) => p.in === "path");
        expect(pathParams.map((p) => p.name).sort()).toEqual([...names].sort());
        expect(pathParams.every((p) => p.required)).toBe(true);
      }
    }
  });

  it("resolves every reference, and every schema is valid JSON Schema 2020-12", () => {
    for (const ref of refs(document)) {
      const name = ref.replace("#/components/schemas/", "");
      expect(ref.startsWith("#/components/schemas/") && components[name] !== undefined, ref).toBe(true);
    }
    for (const [name, schema] of Object.entries(components)) expect(() => compile(schema), name).not.toThrow();
    for (const item of Object.values(paths))
      for (const op of Object.values(item)) for (const schema of schemasOf(op)) expect(() => compile(schema)).not.toThrow();
    // Compiling every schema of the document with Ajv is CPU work that grows with the API; the default 5 s is a
    // wall-clock guess that a busy 2-core machine overran. This test is about validity, not speed.
  }, 60_000);

  it("derives its schemas from the zod schemas the handlers validate with", () => {
    const fromZod: Schema = { ...z.toJSONSchema(createApiKeyInput, { io: "input" }) };
    delete fromZod.$schema;
    expect(components.CreateApiKeyInput).toEqual(fromZod);
    const valid = compile(components.CreateApiKeyInput!);
    const good = { name: "ERP", roleHexId: "0123456789abcdef0123456789abcdef" };
    const bad = [{ name: "", roleHexId: good.roleHexId }, { name: "ERP" }, { name: "ERP", roleHexId: "nope" }];
    expect(valid(good)).toBe(true);
    expect(createApiKeyInput.safeParse(good).success).toBe(true);
    for (const body of bad) {
      expect(valid(body), JSON.stringify(body)).toBe(false);
      expect(createApiKeyInput.safeParse(body).success).toBe(false);
    }
    const view = apiKeyView.parse({
      apiUserHexId: "a".repeat(32),
      name: "ERP",
      description: null,
      prefix: "rbk_abcdefgh",
      enabled: true,
      role: null,
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
    });
    expect(compile(components.ApiKey!)(view)).toBe(true);
    expect(compile(components.ApiKey!)({ ...view, enabled: "yes" })).toBe(false);
  });

  it("answers errors in the catalogue shape", () => {
    const create = paths["/api/api-keys"]!.post!;
    for (const status of ["400", "401", "403", "409"])
      expect(create.responses[status]?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(
      compile(components.Error!)({ errorCode: "API_NAME_EXISTS", message: "El nombre del api ya existe en otro registro.", field: "name" }),
    ).toBe(true);
    expect(compile(components.Error!)({ errorCode: "NOT_A_CODE", message: "x" })).toBe(false);
  });

  it("answers every list in one shape, `_embedded` + `page` with total counts, unless spec §7 prescribes another for its path", () => {
    const resolve = (schema: Schema | undefined): Schema | undefined =>
      typeof schema?.$ref === "string" ? components[schema.$ref.split("/").pop()!] : schema;
    const lists: string[] = [];
    const specShapes: string[] = [];
    for (const [where, item] of Object.entries(paths))
      for (const [method, op] of Object.entries(item)) {
        const body = resolve(op.responses["200"]?.content?.["application/json"]?.schema);
        const properties = (body?.properties ?? {}) as Record<string, Schema>;
        const arrays = Object.keys(properties).filter((name) => resolve(properties[name])?.type === "array");
        // A list: anything under _embedded, or a collection (no record in the path) whose answer holds one array.
        const isList = "_embedded" in properties || (method === "get" && !where.includes("{") && arrays.length === 1);
        if (!isList) continue;
        const specShape = (op as Operation & { "x-spec-shape"?: string })["x-spec-shape"];
        if (specShape) {
          specShapes.push(`${method} ${where}`);
          continue;
        }
        const page = resolve(properties.page)?.properties as Record<string, unknown> | undefined;
        lists.push(`${method} ${where}`);
        expect([`${method} ${where}`, Object.keys(page ?? {}).sort()]).toEqual([
          `${method} ${where}`,
          ["number", "size", "totalElements", "totalPages"],
        ]);
      }
    expect(lists).toEqual(expect.arrayContaining(["get /api/notifications/settings", "get /api/data/validationProcessStatuses"]));
    // Spec §7: "GET /fileType/getAllFileType | none | data" is the only list the spec shapes otherwise.
    expect(specShapes).toEqual(["get /api/fileType/getAllFileType"]);
  });

  it("describes the per-shipment callbacks on the operations that set their URLs, with the body's exact schema", () => {
    type Callbacks = Record<string, Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }>>;
    for (const [where, method] of [
      ["/api/documents", "post"],
      ["/api/documents/{documentHexId}", "put"],
    ] as const) {
      const callbacks = (paths[where]![method] as Operation & { callbacks: Callbacks }).callbacks;
      expect(Object.values(callbacks).flatMap((callback) => Object.keys(callback))).toEqual([
        "{$request.body#/callBackUrl}",
        "{$request.body#/callBackUrlSoftFail}",
      ]);
      for (const callback of Object.values(callbacks))
        for (const item of Object.values(callback))
          expect(item.post.requestBody.content["application/json"]!.schema).toEqual({ $ref: "#/components/schemas/ShipmentCallback" });
    }
    const validate = compile(components.ShipmentCallback!);
    const body = {
      event: "document.rejected",
      documentHexId: "d".repeat(32),
      status: "REJECTED",
      completedAt: null,
      signers: [
        {
          signerHexId: "s".repeat(32),
          name: "Ana Gil",
          status: "REJECTED",
          signedAt: null,
          rejectedAt: "2026-11-26T09:00:00.000Z",
          rejectionReason: "No",
        },
      ],
      downloadUrl: null,
      certificateUrl: null,
    };
    expect(validate(body)).toBe(true);
    expect(validate({ ...body, signers: [{ ...body.signers[0], processHexId: "p" }] })).toBe(false);
    expect(validate({ ...body, event: "document.sent" })).toBe(false);
  });

  it("refuses an operation described twice, so a domain cannot shadow another", () => {
    const op: ApiOperation = {
      method: "get",
      path: "/api/x",
      operationId: "x",
      tag: "X",
      summary: "x",
      auth: "public",
      tenancy: "public",
      responses: { 200: { description: "ok" } },
    };
    expect(() => buildOpenApiDocument([op, { ...op, operationId: "y" }], document.info)).toThrow(/described twice/);
    expect(() => buildOpenApiDocument([op, { ...op, method: "post" }], document.info)).toThrow(/used twice/);
  });
});

describe("API key secrets", () => {
  it("carry the rbk_ marker and 256 random bits; only the hash and a 12-character prefix are kept", () => {
    const a = newApiKeySecret();
    const b = newApiKeySecret();
    expect(a.secret).not.toBe(b.secret);
    expect(isApiKeyShaped(a.secret)).toBe(true);
    expect(Buffer.from(a.secret.slice(4), "base64url")).toHaveLength(32);
    expect(a.keyHash).toBe(sha256Hex(a.secret));
    expect(a.keyPrefix).toBe(a.secret.slice(0, 12));
    for (const bad of [
      "",
      "rbk_",
      `rbk_${"A".repeat(42)}`,
      `rbk_${"A".repeat(44)}`,
      `xyz_${"A".repeat(43)}`,
      `rbk_${"A".repeat(42)}=`,
      "eyJhbGciOiJIUzI1NiJ9.e30.x",
    ])
      expect(isApiKeyShaped(bad), bad).toBe(false);
  });

  it("are managed with the privilege of the /apisadhoc and /api-management pages", () => {
    expect(portalPages.apisadhoc).toEqual(apiKeysPrivilege);
    expect(portalPages["api-management"]).toEqual(apiKeysPrivilege);
  });
});
