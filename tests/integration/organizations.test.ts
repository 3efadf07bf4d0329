import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createKey } from "@/app/api/api-keys/route";
import { POST as authenticate } from "@/app/api/authenticate/route";
import { GET as listContacts } from "@/app/api/contacts/route";
import { GET as listOrganizations, POST as createOrganization } from "@/app/api/organizations/route";
import { GET as getOrganization, PUT as updateOrganization } from "@/app/api/organizations/[organizationHexId]/route";
import { POST as disableOrganization } from "@/app/api/organizations/[organizationHexId]/disable/route";
import { POST as enableOrganization } from "@/app/api/organizations/[organizationHexId]/enable/route";
import { GET as listManagers, POST as inviteManager } from "@/app/api/organizations/[organizationHexId]/managers/route";
import { POST as setPass } from "@/app/api/password/set/[propUserId]/route";
import { GET as session } from "@/app/api/session/route";
import { db } from "@/lib/db/client";
import type { ManagerView, OrganizationPage, OrganizationView } from "@/lib/organizations/admin-schemas";
import { randomHex } from "@/lib/security/random";
import { peers } from "./setup";
import { call } from "../support/http";
import { createTestOrganization, createTestUser, testPassword, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";

type Answer<T> = T & { errorCode?: string; message?: string };

let home: TestOrganization;
let platformToken: string;
let platformAdminId: number;
let orgAdminToken: string;
let other: TestOrganization;

beforeAll(async () => {
  [home, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const platformAdmin = await createTestUser(home, { platformAdmin: true });
  platformAdminId = platformAdmin.id;
  const orgAdmin = await createTestUser(other);
  [platformToken, orgAdminToken] = await Promise.all([signIn(platformAdmin.email), signIn(orgAdmin.email)]);
});
beforeEach(() => peers.mail.clear());

let sequence = 0;
function uniqueName(prefix = "Organización") {
  sequence += 1;
  return `${prefix} ${randomHex(4)} ${sequence}`;
}

async function create(body: Record<string, unknown>, token = platformToken) {
  return call<Answer<OrganizationView>>(createOrganization, "/api/organizations", { body, token });
}

async function created(name = uniqueName()) {
  const response = await create({ name, country: "co", timezone: "America/Bogota" });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const act = (handler: typeof disableOrganization, action: "disable" | "enable", organizationHexId: string, token = platformToken) =>
  call<Answer<OrganizationView>>(handler, `/api/organizations/${organizationHexId}/${action}`, {
    body: {},
    token,
    params: { organizationHexId },
  });

let client = 0;
async function login(email: string, password = testPassword, language = "es-es") {
  client += 1;
  return call<{ token?: string; errorCode?: string; message?: string }>(authenticate, "/api/authenticate", {
    body: { username: email, password },
    ip: `198.19.177.${(client % 250) + 1}`,
    headers: { "accept-language": language },
  });
}

async function events(organizationId: number) {
  const rows = await db.operationLog.findMany({ where: { organizationId }, orderBy: { id: "asc" } });
  return rows;
}

describe("POST /api/organizations", () => {
  it("creates the organisation with its default roles, flow and document type, and logs it", async () => {
    const name = uniqueName();
    const organization = await created(name);
    expect(organization).toMatchObject({ name, country: "CO", timezone: "America/Bogota", enabled: true, users: 0 });
    const stored = await db.organization.findUniqueOrThrow({
      where: { hexId: organization.organizationHexId },
      include: { roles: true, flows: true, documentTypes: true, configValues: true },
    });
    expect(stored.roles.map((r) => r.name).sort()).toEqual(["Administrador", "Operador"]);
    expect(stored.flows).toEqual([
      expect.objectContaining({ name: "Firma simple", kind: "SIGNATURE", active: true, isDefault: true }),
      expect.objectContaining({ name: "Validación de identidad", kind: "VALIDATION", active: true, isDefault: true }),
    ]);
    expect(stored.documentTypes).toEqual([expect.objectContaining({ name: "Contrato", isDefault: true })]);
    expect(stored.configValues).toContainEqual(expect.objectContaining({ name: "organization_tz", value: "America/Bogota" }));
    const rows = await events(stored.id);
    expect(rows).toEqual([
      expect.objectContaining({ moduleId: "ORGANIZACION", operationEventId: "ORGANIZATION_CREATE", eventUserId: platformAdminId }),
    ]);
    expect(rows[0]!.detail).toContain(`recordId=${organization.organizationHexId}`);

    const { body } = await call<OrganizationPage>(listOrganizations, "/api/organizations", {
      query: { search: name },
      token: platformToken,
    });
    expect(body._embedded.organizations.map((o) => o.organizationHexId)).toEqual([organization.organizationHexId]);
    expect(body.page).toMatchObject({ totalElements: 1, totalPages: 1, number: 0 });
  });

  it("pages the organisations on the server, by name, without repeating or skipping one", async () => {
    const prefix = uniqueName();
    for (const letter of ["c", "a", "e", "b", "d"]) await created(`${prefix} ${letter}`);
    const pageOf = async (page: number) =>
      (
        await call<OrganizationPage>(listOrganizations, "/api/organizations", {
          query: { search: prefix, page: String(page), size: "2" },
          token: platformToken,
        })
      ).body;
    const pages = await Promise.all([0, 1, 2, 3].map(pageOf));
    expect(pages.map((p) => p._embedded.organizations.map((o) => o.name.slice(-1)))).toEqual([["a", "b"], ["c", "d"], ["e"], []]);
    expect(pages[0]!.page).toEqual({ size: 2, totalElements: 5, totalPages: 3, number: 0 });
    // More than a page can hold is refused, not silently cut.
    const tooBig = await call(listOrganizations, "/api/organizations", { query: { size: "1000" }, token: platformToken });
    expect(tooBig.status).toBe(400);
  });

  it("refuses a duplicate name, whatever its case, and invalid fields", async () => {
    const name = uniqueName();
    await created(name);
    const duplicate = await create({ name: name.toUpperCase(), country: "ES", timezone: "Europe/Madrid" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errorCode).toBe("ORGANIZATION_NAME_EXISTS");
    expect(duplicate.body.message).toBe("Organización duplicada: ya existe una organización con ese nombre.");
    expect((await create({ name: uniqueName(), country: "España", timezone: "Europe/Madrid" })).body.errorCode).toBe(
      "ORGANIZATION_COUNTRY_INVALID",
    );
    expect((await create({ name: uniqueName(), country: "ES", timezone: "Mars/Olympus" })).body.errorCode).toBe("ORG_TIMEZONE_INVALID");
    expect((await create({ name: "", country: "ES", timezone: "UTC" })).body.errorCode).toBe("EMPTY_FIELD");
  });
});

describe("PUT /api/organizations/{organizationHexId}", () => {
  it("edits name, country and time zone, refuses another's name, and logs it", async () => {
    const organization = await created();
    const taken = await created();
    const organizationHexId = organization.organizationHexId;
    const newName = uniqueName("Renombrada");
    const put = (body: Record<string, unknown>) =>
      call<Answer<OrganizationView>>(updateOrganization, `/api/organizations/${organizationHexId}`, {
        method: "PUT",
        body,
        token: platformToken,
        params: { organizationHexId },
      });
    const saved = await put({ name: newName, country: "es", timezone: "europe/madrid" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ name: newName, country: "ES", timezone: "Europe/Madrid" });
    const tz = await db.configValue.findFirstOrThrow({ where: { organization: { hexId: organizationHexId }, name: "organization_tz" } });
    expect(tz.value).toBe("Europe/Madrid");
    expect((await put({ name: taken.name, country: "ES", timezone: "UTC" })).body.errorCode).toBe("ORGANIZATION_NAME_EXISTS");
    // Its own name (a change of case) is not a duplicate.
    expect((await put({ name: newName.toLowerCase(), country: "ES", timezone: "UTC" })).status).toBe(200);
    const read = await call<OrganizationView>(getOrganization, `/api/organizations/${organizationHexId}`, {
      token: platformToken,
      params: { organizationHexId },
    });
    expect(read.body.name).toBe(newName.toLowerCase());
    const id = (await db.organization.findUniqueOrThrow({ where: { hexId: organizationHexId } })).id;
    expect((await events(id)).map((r) => r.operationEventId)).toEqual([
      "ORGANIZATION_CREATE",
      "ORGANIZATION_UPDATE",
      "ORGANIZATION_UPDATE",
    ]);
    const missing = randomHex(16);
    expect(
      (
        await call(updateOrganization, `/api/organizations/${missing}`, {
          method: "PUT",
          body: { name: uniqueName(), country: "ES", timezone: "UTC" },
          token: platformToken,
          params: { organizationHexId: missing },
        })
      ).status,
    ).toBe(404);
  });
});

describe("disable and enable", () => {
  it("refuses the organisation's tokens, API keys and sign-in at once, and lets them back in when enabled", async () => {
    const target = await createTestOrganization();
    const organizationHexId = target.organization.hexId;
    const user = await createTestUser(target);
    const token = await signIn(user.email);
    const key = await call<{ apiKey: string }>(createKey, "/api/api-keys", {
      body: { name: `ERP ${randomHex(3)}`, roleHexId: target.operatorRole.hexId, description: "ERP" },
      token,
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const withKey = () => call(listContacts, "/api/contacts", { headers: { "x-api-key": key.body.apiKey } });
    expect((await call(session, "/api/session", { token })).status).toBe(200);
    expect((await withKey()).status).toBe(200);

    const disabled = await act(disableOrganization, "disable", organizationHexId);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.enabled).toBe(false);

    const refused = await call<Answer<object>>(session, "/api/session", { token });
    expect(refused.status).toBe(401);
    expect(refused.body.errorCode).toBe("ORGANIZATION_DISABLED");
    expect((await withKey()).status).toBe(401);
    const es = await login(user.email);
    expect(es.body).toMatchObject({
      errorCode: "ORGANIZATION_DISABLED",
      message: "Su organización está deshabilitada. Contacte con el administrador de la plataforma.",
    });
    expect(es.body.token).toBeUndefined();
    expect((await login(user.email, testPassword, "en-us")).body.message).toBe(
      "Your organisation is disabled. Contact the platform administrator.",
    );

    const enabled = await act(enableOrganization, "enable", organizationHexId);
    expect(enabled.body.enabled).toBe(true);
    expect((await withKey()).status).toBe(200);
    const again = await login(user.email);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await call(session, "/api/session", { token: again.body.token! })).status).toBe(200);

    const rows = (await events(target.organization.id)).filter((r) => r.operationEventId.startsWith("ORGANIZATION_"));
    expect(rows.map((r) => [r.operationEventId, r.eventUserId])).toEqual([
      ["ORGANIZATION_DISABLE", platformAdminId],
      ["ORGANIZATION_ENABLE", platformAdminId],
    ]);
  });

  it("never disables the caller's own organisation", async () => {
    const own = await act(disableOrganization, "disable", home.organization.hexId);
    expect(own.status).toBe(409);
    expect(own.body.errorCode).toBe("ORGANIZATION_DISABLE_OWN");
    expect((await db.organization.findUniqueOrThrow({ where: { id: home.organization.id } })).active).toBe(true);
    expect((await call(session, "/api/session", { token: platformToken })).status).toBe(200);
  });
});

describe("managers", () => {
  it("invites an administrator by mail; the /SetPass link works and they sign in with the organisation's Administrador role", async () => {
    const organization = await created();
    const organizationHexId = organization.organizationHexId;
    sequence += 1;
    const n = `${Date.now() % 100000}${sequence}`.slice(-7).padStart(7, "0");
    const person = { firstName: "Marta", lastName: "Gil", email: `marta.${n}@example.test`, cellPhone: `+3463${n}` };
    const invited = await call<Answer<{ userHexId: string }>>(inviteManager, `/api/organizations/${organizationHexId}/managers`, {
      body: person,
      token: platformToken,
      params: { organizationHexId },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const userHexId = invited.body.userHexId;

    const mail = await peers.mail.waitFor((m) => m.to.includes(person.email));
    const match = /\/SetPass\/([0-9a-f]{32})\?code=([0-9a-f]{32})/.exec(mail.text);
    expect(match?.[1]).toBe(userHexId);
    const body = { code: match![2], password: "Primera-Clave-2026!", confirmPassword: "Primera-Clave-2026!" };
    expect((await call(setPass, `/api/password/set/${userHexId}`, { body, params: { propUserId: userHexId } })).status).toBe(200);
    const signedIn = await login(person.email, "Primera-Clave-2026!");
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const me = await call<{ authorities?: string[] }>(session, "/api/session", { token: signedIn.body.token! });
    expect(me.status).toBe(200);
    const stored = await db.user.findUniqueOrThrow({ where: { hexId: userHexId }, include: { role: true, organization: true } });
    expect(stored.organization.hexId).toBe(organizationHexId);
    expect(stored.role?.name).toBe("Administrador");
    expect(stored.platformAdmin).toBe(false);
    expect((await call(listContacts, "/api/contacts", { token: signedIn.body.token! })).status).toBe(200);

    const { body: list } = await call<{ _embedded: { managers: ManagerView[] } }>(
      listManagers,
      `/api/organizations/${organizationHexId}/managers`,
      {
        token: platformToken,
        params: { organizationHexId },
      },
    );
    expect(list._embedded.managers).toEqual([
      expect.objectContaining({ userHexId, email: person.email, invitationPending: false, enabled: true }),
    ]);
    const rows = await events(stored.organizationId);
    expect(rows).toContainEqual(expect.objectContaining({ operationEventId: "MANAGER_INVITE", eventUserId: platformAdminId }));

    const again = await call<Answer<object>>(inviteManager, `/api/organizations/${organizationHexId}/managers`, {
      body: { ...person, cellPhone: `+3464${n}` },
      token: platformToken,
      params: { organizationHexId },
    });
    expect(again.body.errorCode).toBe("EMAIL_IN_USE");
  });
});

describe("organisation administrators (not platform administrators)", () => {
  it("are refused with 403 on every call", async () => {
    const organizationHexId = other.organization.hexId;
    const answers = await Promise.all([
      call(listOrganizations, "/api/organizations", { token: orgAdminToken }),
      call(createOrganization, "/api/organizations", {
        body: { name: uniqueName(), country: "ES", timezone: "UTC" },
        token: orgAdminToken,
      }),
      call(getOrganization, `/api/organizations/${organizationHexId}`, { token: orgAdminToken, params: { organizationHexId } }),
      call(updateOrganization, `/api/organizations/${organizationHexId}`, {
        method: "PUT",
        body: { name: uniqueName(), country: "ES", timezone: "UTC" },
        token: orgAdminToken,
        params: { organizationHexId },
      }),
      act(disableOrganization, "disable", organizationHexId, orgAdminToken),
      act(enableOrganization, "enable", organizationHexId, orgAdminToken),
      call(listManagers, `/api/organizations/${organizationHexId}/managers`, { token: orgAdminToken, params: { organizationHexId } }),
      call(inviteManager, `/api/organizations/${organizationHexId}/managers`, {
        body: { firstName: "No", lastName: "Debe", email: `no.${randomHex(4)}@example.test`, cellPhone: "+34699999001" },
        token: orgAdminToken,
        params: { organizationHexId },
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(403));
    expect(answers.map((a) => a.body.errorCode)).toEqual(Array(8).fill("FORBIDDEN"));
    expect((await db.organization.findUniqueOrThrow({ where: { id: other.organization.id } })).active).toBe(true);
  });
});
