import { beforeAll, describe, expect, it } from "vitest";
import { GET as listKeys, POST as createKey } from "@/app/api/api-keys/route";
import { DELETE as deleteKey, GET as getKey, PATCH as updateKey } from "@/app/api/api-keys/[apiUserHexId]/route";
import { POST as rotateKey } from "@/app/api/api-keys/[apiUserHexId]/rotate/route";
import { GET as openApi } from "@/app/api/openapi.json/route";
import { GET as findOneByName } from "@/app/api/configs/search/findOneByName/route";
import { GET as listOperations, POST as saveOperation } from "@/app/api/data/operationLogs/route";
import { GET as session } from "@/app/api/session/route";
import { POST as refresh } from "@/app/api/token/refresh/route";
import { contextFromApiKey } from "@/lib/api-keys/context-from-api-key";
import { rateLimits } from "@/lib/security/rate-limits";
import { db } from "@/lib/db/client";
import { redis } from "@/lib/queue/redis";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { call } from "../support/http";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";

type KeyView = {
  apiUserHexId: string;
  name: string;
  description: string | null;
  prefix: string;
  enabled: boolean;
  role: { roleHexId: string; name: string } | null;
  createdAt: string;
  lastUsedAt: string | null;
};
type KeyWithSecret = KeyView & { apiKey: string };
type KeyList = { _embedded: { apiKeys: KeyView[] } };
type LogPage = {
  _embedded: { operationLogs: { operationEventId: string; organizationId: string; eventUserId: number | null; detail: string }[] };
  errorCode?: string;
};

const emptyEs = "Algunos datos se encuentran vacios, complete el formulario.";
const emptyEn = "Some fields are empty, please complete the form.";
const takenEs = "El nombre del api ya existe en otro registro.";
const takenEn = "The API name already exists in another record.";
const english = { "accept-language": "en-us" };

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: Awaited<ReturnType<typeof createTestUser>>;
let adminToken: string;
let operatorToken: string;
let adminBToken: string;

const keyPath = (hexId: string) => `/api/api-keys/${hexId}`;

async function create(name: string, roleHexId: string, token = adminToken) {
  const response = await call<KeyWithSecret>(createKey, "/api/api-keys", { body: { name, roleHexId, description: "ERP" }, token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** An authenticated, privileged, organisation-scoped read (ORGANIZACION:VIEW) made with a key. */
function readLogs(headers: Record<string, string>) {
  return call<LogPage>(listOperations, "/api/data/operationLogs", { query: { size: "100" }, headers });
}
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  adminA = await createTestUser(orgA);
  const operatorA = await createTestUser(orgA, { role: "operator" });
  const adminB = await createTestUser(orgB);
  [adminToken, operatorToken, adminBToken] = await Promise.all([signIn(adminA.email), signIn(operatorA.email), signIn(adminB.email)]);
});

describe("creating a key (spec §5 Api)", () => {
  it("answers the spec's message for empty fields, in both languages", async () => {
    for (const body of [
      {},
      { name: "", roleHexId: orgA.adminRole.hexId },
      { name: "   ", roleHexId: orgA.adminRole.hexId },
      { name: "ERP" },
      { name: "ERP", roleHexId: "" },
    ]) {
      const es = await call(createKey, "/api/api-keys", { body, token: adminToken });
      expect(es.status).toBe(400);
      expect(es.body).toMatchObject({ errorCode: "API_EMPTY_FIELDS", message: emptyEs });
      const en = await call(createKey, "/api/api-keys", { body, token: adminToken, headers: english });
      expect(en.body).toMatchObject({ errorCode: "API_EMPTY_FIELDS", message: emptyEn });
    }
  });

  it("refuses a name already used in the organisation, whatever its case, in both languages; another organisation may use it", async () => {
    await create("Facturación", orgA.adminRole.hexId);
    for (const name of ["Facturación", "FACTURACIÓN", " facturación "]) {
      const es = await call(createKey, "/api/api-keys", { body: { name, roleHexId: orgA.adminRole.hexId }, token: adminToken });
      expect(es.status).toBe(409);
      expect(es.body).toMatchObject({ errorCode: "API_NAME_EXISTS", message: takenEs, field: "name" });
      const en = await call(createKey, "/api/api-keys", {
        body: { name, roleHexId: orgA.adminRole.hexId },
        token: adminToken,
        headers: english,
      });
      expect(en.body).toMatchObject({ errorCode: "API_NAME_EXISTS", message: takenEn });
    }
    await create("Facturación", orgB.adminRole.hexId, adminBToken);
    const renamed = await create("Otra", orgA.adminRole.hexId);
    const clash = await call(updateKey, keyPath(renamed.apiUserHexId), {
      method: "PATCH",
      body: { name: "facturación" },
      token: adminToken,
      params: { apiUserHexId: renamed.apiUserHexId },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(takenEs);
  });

  it("shows the secret once and stores only its SHA-256 and a short prefix", async () => {
    const created = await call<KeyWithSecret>(createKey, "/api/api-keys", {
      body: { name: "Una vez", roleHexId: orgA.adminRole.hexId },
      token: adminToken,
    });
    expect(created.status).toBe(201);
    const secret = created.body.apiKey;
    expect(secret).toMatch(/^rbk_[A-Za-z0-9_-]{43}$/);
    expect(created.body.prefix).toBe(secret.slice(0, 12));
    expect(created.body.role).toEqual({ roleHexId: orgA.adminRole.hexId, name: orgA.adminRole.name });

    const row = await db.apiKey.findUniqueOrThrow({ where: { hexId: created.body.apiUserHexId }, include: { user: true } });
    expect(row.keyHash).toBe(sha256Hex(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    expect(row.user).toMatchObject({
      hasApi: true,
      portalAccess: false,
      passwordHash: null,
      roleId: orgA.adminRole.id,
      organizationId: orgA.organization.id,
      firstName: "Una vez",
    });
    expect(row.createdById).toBe(adminA.id);

    const list = await call<KeyList>(listKeys, "/api/api-keys", { token: adminToken });
    const listed = list.body._embedded.apiKeys.find((k) => k.apiUserHexId === created.body.apiUserHexId);
    expect(listed).toMatchObject({ name: "Una vez", prefix: secret.slice(0, 12), enabled: true });
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(12));
    expect(listed).not.toHaveProperty("apiKey");
    const one = await call(getKey, keyPath(created.body.apiUserHexId), {
      token: adminToken,
      params: { apiUserHexId: created.body.apiUserHexId },
    });
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty("apiKey");
    expect(JSON.stringify(one.body)).not.toContain(secret.slice(12));
    const updated = await call(updateKey, keyPath(created.body.apiUserHexId), {
      method: "PATCH",
      body: { description: "nuevo" },
      token: adminToken,
      params: { apiUserHexId: created.body.apiUserHexId },
    });
    expect(updated.body).not.toHaveProperty("apiKey");

    const logs = await db.operationLog.findMany({ where: { organizationId: orgA.organization.id } });
    expect(logs.some((l) => l.detail.includes(secret.slice(12)))).toBe(false);
  });

  it("offers no role beyond the creator's own privileges", async () => {
    const limited = await db.role.create({
      data: {
        organizationId: orgA.organization.id,
        name: `Integraciones ${randomHex(3)}`,
        privileges: { create: [{ module: "ORGANIZACION", canView: true, canUpdate: true }] },
      },
    });
    const integrator = await db.user.create({
      data: {
        email: `int-${randomHex(5)}@example.test`,
        firstName: "Inte",
        lastName: "Grador",
        passwordHash: (await db.user.findUniqueOrThrow({ where: { id: adminA.id } })).passwordHash,
        emailVerified: true,
        organizationId: orgA.organization.id,
        roleId: limited.id,
      },
    });
    const token = await signIn(integrator.email);
    const escalation = await call(createKey, "/api/api-keys", { body: { name: "Escalada", roleHexId: orgA.adminRole.hexId }, token });
    expect(escalation.status).toBe(403);
    expect(escalation.body.errorCode).toBe("FORBIDDEN");
    const ownRole = await call<KeyWithSecret>(createKey, "/api/api-keys", { body: { name: "Acotada", roleHexId: limited.hexId }, token });
    expect(ownRole.status).toBe(201);
    const raise = await call(updateKey, keyPath(ownRole.body.apiUserHexId), {
      method: "PATCH",
      body: { roleHexId: orgA.adminRole.hexId },
      token,
      params: { apiUserHexId: ownRole.body.apiUserHexId },
    });
    expect(raise.status).toBe(403);

    // A key whose role exceeds the manager's keeps it when the manager edits something else.
    const strong = await create("Completa", orgA.adminRole.hexId);
    const renamed = await call<KeyView>(updateKey, keyPath(strong.apiUserHexId), {
      method: "PATCH",
      body: { name: "Completa 2", roleHexId: orgA.adminRole.hexId },
      token,
      params: { apiUserHexId: strong.apiUserHexId },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.role?.roleHexId).toBe(orgA.adminRole.hexId);
  });
});

describe("authenticating with a key", () => {
  it("works as Bearer or X-API-Key with the role's authorities, and every action is the key's own API user's", async () => {
    const key = await create("Lectura", orgA.adminRole.hexId);
    for (const headers of [bearer(key.apiKey), { "x-api-key": key.apiKey }]) {
      const logs = await readLogs(headers);
      expect(logs.status).toBe(200);
      expect(new Set(logs.body._embedded.operationLogs.map((l) => l.organizationId))).toEqual(new Set([orgA.organization.hexId]));
    }
    const context = await contextFromApiKey(key.apiKey);
    const apiUser = await db.apiKey.findUniqueOrThrow({ where: { hexId: key.apiUserHexId }, include: { user: true } });
    expect(context).toMatchObject({
      userId: apiUser.userId,
      organizationId: orgA.organization.id,
      apiKeyHexId: key.apiUserHexId,
      platformAdmin: false,
      stage: "full",
    });
    expect(context.authorities).toContain("ORGANIZACION:VIEW");
    expect(context.authorities.some((a) => a.startsWith("ADMIN:"))).toBe(false);

    const operatorKey = await create("Operador", orgA.operatorRole.hexId);
    const denied = await readLogs(bearer(operatorKey.apiKey));
    expect(denied.status).toBe(403);
    expect(denied.body.errorCode).toBe("FORBIDDEN");
  });

  it("follows the role: a new role takes effect on the next call", async () => {
    const key = await create("Cambia de rol", orgA.operatorRole.hexId);
    expect((await readLogs(bearer(key.apiKey))).status).toBe(403);
    const changed = await call<KeyView>(updateKey, keyPath(key.apiUserHexId), {
      method: "PATCH",
      body: { roleHexId: orgA.adminRole.hexId },
      token: adminToken,
      params: { apiUserHexId: key.apiUserHexId },
    });
    expect(changed.body.role?.roleHexId).toBe(orgA.adminRole.hexId);
    expect((await readLogs(bearer(key.apiKey))).status).toBe(200);
  });

  it("refuses disabled, rotated-out, deleted and malformed keys with UNAUTHENTICATED", async () => {
    const key = await create("Ciclo de vida", orgA.adminRole.hexId);
    const params = { apiUserHexId: key.apiUserHexId };
    expect((await readLogs(bearer(key.apiKey))).status).toBe(200);

    const disabled = await call<KeyView>(updateKey, keyPath(key.apiUserHexId), {
      method: "PATCH",
      body: { enabled: false },
      token: adminToken,
      params,
    });
    expect(disabled.body.enabled).toBe(false);
    const refused = await readLogs(bearer(key.apiKey));
    expect(refused.status).toBe(401);
    expect(refused.body.errorCode).toBe("UNAUTHENTICATED");
    await call(updateKey, keyPath(key.apiUserHexId), { method: "PATCH", body: { enabled: true }, token: adminToken, params });
    expect((await readLogs(bearer(key.apiKey))).status).toBe(200);

    const rotated = await call<KeyWithSecret>(rotateKey, `${keyPath(key.apiUserHexId)}/rotate`, { body: {}, token: adminToken, params });
    expect(rotated.status).toBe(200);
    expect(rotated.body.apiKey).not.toBe(key.apiKey);
    expect(rotated.body.prefix).toBe(rotated.body.apiKey.slice(0, 12));
    expect((await readLogs(bearer(key.apiKey))).status).toBe(401);
    expect((await readLogs(bearer(rotated.body.apiKey))).status).toBe(200);

    const deleted = await call(deleteKey, keyPath(key.apiUserHexId), { method: "DELETE", token: adminToken, params });
    expect(deleted.status).toBe(200);
    expect((await readLogs(bearer(rotated.body.apiKey))).status).toBe(401);
    expect((await readLogs({ "x-api-key": rotated.body.apiKey })).status).toBe(401);
    expect((await call(getKey, keyPath(key.apiUserHexId), { token: adminToken, params })).status).toBe(404);

    const wellFormedUnknown = `rbk_${"A".repeat(43)}`;
    for (const headers of [
      bearer("rbk_short"),
      bearer(wellFormedUnknown),
      { "x-api-key": "not-a-key" },
      { "x-api-key": "" },
      { "x-api-key": `${key.apiKey}x` },
    ]) {
      const response = await readLogs(headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.body.errorCode).toBe("UNAUTHENTICATED");
    }
  });

  it("never reaches another organisation's data", async () => {
    const key = await create("Aislada", orgA.adminRole.hexId);
    await db.configValue.create({ data: { organizationId: orgB.organization.id, name: "default_page_size", value: "42" } });
    const page = await call(findOneByName, "/api/configs/search/findOneByName", {
      query: { configName: "default_page_size" },
      headers: bearer(key.apiKey),
    });
    expect(page.status).toBe(200);
    expect(page.body.value).toBe("10");
    await call(saveOperation, "/api/data/operationLogs", {
      body: { moduleId: "CONTACTO", operationEventId: "ONLY_ORG_B" },
      token: adminBToken,
    });
    const logs = await readLogs({ "x-api-key": key.apiKey });
    expect(logs.body._embedded.operationLogs.map((l) => l.operationEventId)).not.toContain("ONLY_ORG_B");
  });

  it("is refused on routes about a signed-in person's own account, and cannot refresh or manage keys", async () => {
    const key = await create("Sin cuenta", orgA.adminRole.hexId);
    const own = await call(session, "/api/session", { headers: bearer(key.apiKey) });
    expect(own.status).toBe(403);
    expect(
      (
        await call(saveOperation, "/api/data/operationLogs", {
          body: { moduleId: "CONTACTO", operationEventId: "X" },
          headers: bearer(key.apiKey),
        })
      ).status,
    ).toBe(403);
    expect((await call(refresh, "/api/token/refresh", { body: {}, headers: bearer(key.apiKey) })).status).toBe(401);
    expect((await call(listKeys, "/api/api-keys", { headers: bearer(key.apiKey) })).status).toBe(403);
    expect(
      (
        await call(createKey, "/api/api-keys", {
          body: { name: "Hija", roleHexId: orgA.adminRole.hexId },
          headers: { "x-api-key": key.apiKey },
        })
      ).status,
    ).toBe(403);
  });

  it("notes the last use at most once a minute", async () => {
    const key = await create("Uso", orgA.adminRole.hexId);
    await readLogs(bearer(key.apiKey));
    const first = (await db.apiKey.findUniqueOrThrow({ where: { hexId: key.apiUserHexId } })).lastUsedAt;
    expect(first).not.toBeNull();
    await readLogs(bearer(key.apiKey));
    expect((await db.apiKey.findUniqueOrThrow({ where: { hexId: key.apiUserHexId } })).lastUsedAt).toEqual(first);
    await db.apiKey.update({ where: { hexId: key.apiUserHexId }, data: { lastUsedAt: new Date(Date.now() - 2 * 60_000) } });
    await readLogs(bearer(key.apiKey));
    const later = (await db.apiKey.findUniqueOrThrow({ where: { hexId: key.apiUserHexId } })).lastUsedAt;
    expect(later!.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it("limits each key to its calls per minute", async () => {
    const key = await create("Limitada", orgA.adminRole.hexId);
    const other = await create("Vecina", orgA.adminRole.hexId);
    const counter = `rl:${rateLimits.apiKey.bucket}:${key.apiUserHexId}`;
    await redis().set(counter, String(rateLimits.apiKey.limit - 1), "EX", 60);
    expect((await readLogs(bearer(key.apiKey))).status).toBe(200);
    const limited = await readLogs(bearer(key.apiKey));
    expect(limited.status).toBe(429);
    expect(limited.body.errorCode).toBe("RATE_LIMITED");
    // The wait and the window in the headers an HTTP client reads, agreeing with the body's seconds.
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(limited.body).toMatchObject({ seconds: wait });
    expect(limited.headers.get("ratelimit-limit")).toBe(String(rateLimits.apiKey.limit));
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("ratelimit-reset")).toBe(String(wait));
    expect((await readLogs(bearer(other.apiKey))).status).toBe(200);
    await redis().del(counter);
  });
});

describe("managing keys", () => {
  it("needs ORGANIZACION:UPDATE: the operator role gets 403 everywhere", async () => {
    const key = await create("Del operador", orgA.adminRole.hexId);
    const params = { apiUserHexId: key.apiUserHexId };
    const answers = await Promise.all([
      call(listKeys, "/api/api-keys", { token: operatorToken }),
      call(createKey, "/api/api-keys", { body: { name: "X", roleHexId: orgA.operatorRole.hexId }, token: operatorToken }),
      call(getKey, keyPath(key.apiUserHexId), { token: operatorToken, params }),
      call(updateKey, keyPath(key.apiUserHexId), { method: "PATCH", body: { enabled: false }, token: operatorToken, params }),
      call(rotateKey, `${keyPath(key.apiUserHexId)}/rotate`, { body: {}, token: operatorToken, params }),
      call(deleteKey, keyPath(key.apiUserHexId), { method: "DELETE", token: operatorToken, params }),
    ]);
    for (const answer of answers) expect(answer.body.errorCode).toBe("FORBIDDEN");
    expect((await readLogs(bearer(key.apiKey))).status).toBe(200);
  });

  it("keeps every organisation to its own keys and roles", async () => {
    const key = await create("De A", orgA.adminRole.hexId);
    const params = { apiUserHexId: key.apiUserHexId };
    const listB = await call<KeyList>(listKeys, "/api/api-keys", { token: adminBToken });
    expect(listB.body._embedded.apiKeys.map((k) => k.apiUserHexId)).not.toContain(key.apiUserHexId);
    expect((await call(getKey, keyPath(key.apiUserHexId), { token: adminBToken, params })).status).toBe(404);
    expect(
      (
        await call(updateKey, keyPath(key.apiUserHexId), {
          method: "PATCH",
          body: { enabled: false, name: "Robada" },
          token: adminBToken,
          params,
        })
      ).status,
    ).toBe(404);
    expect((await call(rotateKey, `${keyPath(key.apiUserHexId)}/rotate`, { body: {}, token: adminBToken, params })).status).toBe(404);
    expect((await call(deleteKey, keyPath(key.apiUserHexId), { method: "DELETE", token: adminBToken, params })).status).toBe(404);
    const foreignRole = await call(createKey, "/api/api-keys", {
      body: { name: "Rol ajeno", roleHexId: orgA.adminRole.hexId },
      token: adminBToken,
    });
    expect(foreignRole.status).toBe(400);
    expect(foreignRole.body.field).toBe("roleHexId");
    const untouched = await db.apiKey.findUniqueOrThrow({ where: { hexId: key.apiUserHexId } });
    expect(untouched).toMatchObject({ name: "De A", enabled: true });
    expect((await readLogs(bearer(key.apiKey))).status).toBe(200);
  });

  it("logs every write with the person who made it, and leaves the deleted key's API user disabled", async () => {
    const key = await create("Auditada", orgA.adminRole.hexId);
    const params = { apiUserHexId: key.apiUserHexId };
    await call(updateKey, keyPath(key.apiUserHexId), {
      method: "PATCH",
      body: { name: "Auditada 2", description: "" },
      token: adminToken,
      params,
    });
    await call(updateKey, keyPath(key.apiUserHexId), { method: "PATCH", body: { enabled: false }, token: adminToken, params });
    await call(updateKey, keyPath(key.apiUserHexId), { method: "PATCH", body: { enabled: true }, token: adminToken, params });
    const rotated = await call<KeyWithSecret>(rotateKey, `${keyPath(key.apiUserHexId)}/rotate`, { body: {}, token: adminToken, params });
    await call(deleteKey, keyPath(key.apiUserHexId), { method: "DELETE", token: adminToken, params });
    const rows = await db.operationLog.findMany({
      where: { organizationId: orgA.organization.id, detail: { contains: `recordId=${key.apiUserHexId};` } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => r.operationEventId)).toEqual([
      "API_KEY_CREATE",
      "API_KEY_UPDATE",
      "API_KEY_DISABLE",
      "API_KEY_ENABLE",
      "API_KEY_ROTATE",
      "API_KEY_DELETE",
    ]);
    expect(new Set(rows.map((r) => r.eventUserId))).toEqual(new Set([adminA.id]));
    expect(rows.every((r) => r.moduleId === "ORGANIZACION")).toBe(true);
    expect(rows.some((r) => r.detail.includes(key.apiKey.slice(12)) || r.detail.includes(rotated.body.apiKey.slice(12)))).toBe(false);
    const apiUser = await db.user.findFirstOrThrow({
      where: { organizationId: orgA.organization.id, hasApi: true, firstName: "Auditada 2" },
    });
    expect(apiUser.enabled).toBe(false);
    expect(await db.apiKey.count({ where: { hexId: key.apiUserHexId } })).toBe(0);
    await create("Auditada 2", orgA.adminRole.hexId);
  });
});

describe("OpenAPI document", () => {
  it("is public and lists the key endpoints with both security schemes", async () => {
    const { status, body } = await call<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown> };
    }>(openApi, "/api/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(["/api/api-keys", "/api/api-keys/{apiUserHexId}", "/api/api-keys/{apiUserHexId}/rotate", "/api/authenticate"]),
    );
    expect(Object.keys(body.components.securitySchemes).sort()).toEqual(["apiKey", "bearerAuth"]);
  });
});
