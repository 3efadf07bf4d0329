import { Ajv2020 } from "ajv/dist/2020";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createKey } from "@/app/api/api-keys/route";
import { GET as listGroups, POST as createGroup } from "@/app/api/groups/route";
import { POST as addMember } from "@/app/api/groups/[groupHexId]/members/route";
import { GET as listRoles, POST as createRole } from "@/app/api/roles/route";
import { DELETE as deleteRole, GET as getRole, PUT as updateRole } from "@/app/api/roles/[roleHexId]/route";
import { PUT as setPrivileges } from "@/app/api/roles/[roleHexId]/privileges/route";
import { GET as listContacts } from "@/app/api/contacts/route";
import { POST as refresh } from "@/app/api/token/refresh/route";
import { verifyToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { openApiDocument } from "@/lib/openapi/document";
import type { RoleView } from "@/lib/roles/schemas";

type RoleList = { _embedded: { roles: RoleView[] }; page: { size: number; totalElements: number; totalPages: number; number: number } };
import { call } from "../support/http";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";

const english = { "accept-language": "en-US" };

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let operatorA: string;
let noRoleA: string;
let adminB: string;

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [a, op, none, b] = await Promise.all([
    createTestUser(orgA),
    createTestUser(orgA, { role: "operator" }),
    createTestUser(orgA, { role: "none" }),
    createTestUser(orgB),
  ]);
  [adminA, operatorA, noRoleA, adminB] = await Promise.all([signIn(a.email), signIn(op.email), signIn(none.email), signIn(b.email)]);
});

let sequence = 0;
const uniqueName = (prefix = "Rol") => `${prefix} ${Date.now() % 100000}-${++sequence}`;
const rolePath = (hex: string) => `/api/roles/${hex}`;

async function create(token: string, body: Record<string, unknown>) {
  const response = await call<{ roleHexId: string }>(createRole, "/api/roles", { body, token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.roleHexId;
}

async function put(token: string, roleHexId: string, privileges: string[], headers: Record<string, string> = {}) {
  return call<RoleView & { errorCode?: string; message?: string }>(setPrivileges, `${rolePath(roleHexId)}/privileges`, {
    method: "PUT",
    body: { privileges },
    token,
    params: { roleHexId },
    headers,
  });
}

const lastLog = (org: TestOrganization, event: string) =>
  db.operationLog.findFirst({ where: { organizationId: org.organization.id, operationEventId: event }, orderBy: { id: "desc" } });

describe("roles (/api/roles)", () => {
  it("refuses callers without the ROL privileges", async () => {
    for (const token of [operatorA, noRoleA]) {
      expect((await call(listRoles, "/api/roles", { token })).status).toBe(403);
      const created = await call(createRole, "/api/roles", { body: { name: uniqueName() }, token });
      expect(created.status).toBe(403);
      expect(created.body.errorCode).toBe("FORBIDDEN");
      const role = orgA.operatorRole.hexId;
      expect((await put(token, role, ["ROL:VIEW"])).status).toBe(403);
      expect((await call(deleteRole, rolePath(role), { method: "DELETE", token, params: { roleHexId: role } })).status).toBe(403);
    }
    expect((await call(listRoles, "/api/roles", {})).status).toBe(401);
  });

  it("creates a role that grants nothing, lists it with the default roles, and logs it", async () => {
    const name = uniqueName("Auditor");
    const roleHexId = await create(adminA, { name, description: "Solo lectura" });
    expect(roleHexId).toMatch(/^[0-9a-f]{32}$/);
    const { status, body: page } = await call<RoleList>(listRoles, "/api/roles", { token: adminA });
    expect(status).toBe(200);
    const body = page._embedded.roles;
    expect(page.page).toEqual({ size: body.length, totalElements: body.length, totalPages: 1, number: 0 });
    expect(body.find((r) => r.roleHexId === roleHexId)).toMatchObject({ name, description: "Solo lectura", users: 0, privileges: [] });
    const admin = body.find((r) => r.roleHexId === orgA.adminRole.hexId)!;
    expect(admin).toMatchObject({ users: 1, userAdministration: true });
    expect(admin.privileges).toContain("USUARIO:UPDATE");
    expect((await lastLog(orgA, "ROLE_CREATE"))?.detail).toContain(`recordId=${roleHexId}`);
  });

  it("refuses a duplicate name, whatever its case, in both languages; and an empty one", async () => {
    const name = uniqueName("Duplicado");
    const roleHexId = await create(adminA, { name });
    const again = await call(createRole, "/api/roles", { body: { name: name.toUpperCase() }, token: adminA });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: "ROLE_NAME_EXISTS", field: "name" });
    expect(again.body.message).toContain("Rol duplicado");
    const english409 = await call(createRole, "/api/roles", { body: { name }, token: adminA, headers: english });
    expect(english409.body.message).toContain("Duplicate role");
    // Renaming another role onto it is the same duplicate.
    const other = await create(adminA, { name: uniqueName() });
    const renamed = await call(updateRole, rolePath(other), { method: "PUT", body: { name }, token: adminA, params: { roleHexId: other } });
    expect(renamed.status).toBe(409);
    expect(renamed.body.errorCode).toBe("ROLE_NAME_EXISTS");
    // Its own name is no duplicate of itself.
    const same = await call<RoleView>(updateRole, rolePath(roleHexId), {
      method: "PUT",
      body: { name, description: "Otra descripción" },
      token: adminA,
      params: { roleHexId },
    });
    expect(same.status).toBe(200);
    expect(same.body.description).toBe("Otra descripción");
    expect(await lastLog(orgA, "ROLE_UPDATE")).not.toBeNull();
    const empty = await call(createRole, "/api/roles", { body: { name: "  " }, token: adminA });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errorCode: "EMPTY_FIELD", field: "name" });
  });

  it("round-trips the privileges as token authorities, in module order, and refuses unknown ones", async () => {
    const roleHexId = await create(adminA, { name: uniqueName() });
    const saved = await put(adminA, roleHexId, ["DOCUMENTO:EXPORT", "CONTACTO:VIEW", "CONTACTO:VIEW", "CONTACTO:IMPORT"]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.privileges).toEqual(["DOCUMENTO:EXPORT", "CONTACTO:VIEW", "CONTACTO:IMPORT"]);
    const read = await call<RoleView>(getRole, rolePath(roleHexId), { token: adminA, params: { roleHexId } });
    expect(read.body.privileges).toEqual(["DOCUMENTO:EXPORT", "CONTACTO:VIEW", "CONTACTO:IMPORT"]);
    const rows = await db.rolePrivilege.findMany({ where: { role: { hexId: roleHexId } }, orderBy: { module: "asc" } });
    expect(rows.map((r) => [r.module, r.canView, r.canImport, r.canExport])).toEqual(
      expect.arrayContaining([
        ["DOCUMENTO", false, false, true],
        ["CONTACTO", true, true, false],
      ]),
    );
    expect(await lastLog(orgA, "ROLE_PRIVILEGES_UPDATE")).not.toBeNull();

    for (const bad of ["CONTACTO:FLY", "contacto:view", "ADMIN:RUBRICA", "CONTACTO"]) {
      const refused = await put(adminA, roleHexId, ["ROL:VIEW", bad]);
      expect(refused.status, bad).toBe(400);
      expect(refused.body).toMatchObject({ errorCode: "ROLE_PRIVILEGE_UNKNOWN", privilege: bad });
    }
    expect(
      (await call(setPrivileges, "/p", { method: "PUT", body: { privileges: "ROL:VIEW" }, token: adminA, params: { roleHexId } })).status,
    ).toBe(400);
    // Nothing changed by the refusals.
    expect((await call<RoleView>(getRole, rolePath(roleHexId), { token: adminA, params: { roleHexId } })).body.privileges).toHaveLength(3);

    const emptied = await put(adminA, roleHexId, []);
    expect(emptied.body.privileges).toEqual([]);
  });

  it("reaches the role's holders at their next token refresh", async () => {
    const roleHexId = await create(adminA, { name: uniqueName("Lector") });
    const role = await db.role.findUniqueOrThrow({ where: { hexId: roleHexId } });
    const holder = await createTestUser(orgA, { role: "none" });
    await db.user.update({ where: { id: holder.id }, data: { roleId: role.id } });
    const before = await signIn(holder.email);
    expect((await verifyToken(before)).authorities).toEqual([]);
    expect((await call(listContacts, "/api/contacts", { token: before })).status).toBe(403);

    expect((await put(adminA, roleHexId, ["CONTACTO:VIEW"])).status).toBe(200);
    // The token in hand still carries what it was issued with.
    expect((await call(listContacts, "/api/contacts", { token: before })).status).toBe(403);
    const refreshed = await call<{ token: string }>(refresh, "/api/token/refresh", { body: {}, token: before });
    expect(refreshed.status).toBe(200);
    expect((await verifyToken(refreshed.body.token)).authorities).toEqual(["CONTACTO:VIEW"]);
    expect((await call(listContacts, "/api/contacts", { token: refreshed.body.token })).status).toBe(200);

    expect((await put(adminA, roleHexId, [])).status).toBe(200);
    const again = await call<{ token: string }>(refresh, "/api/token/refresh", { body: {}, token: refreshed.body.token });
    expect((await verifyToken(again.body.token)).authorities).toEqual([]);
    expect((await call(listContacts, "/api/contacts", { token: again.body.token })).status).toBe(403);
  });

  it("does not let a role editor grant what they lack", async () => {
    const editorRole = await create(adminA, { name: uniqueName("Editor") });
    expect((await put(adminA, editorRole, ["ROL:VIEW", "ROL:UPDATE", "CONTACTO:VIEW"])).status).toBe(200);
    const editor = await createTestUser(orgA, { role: "none" });
    await db.user.update({ where: { id: editor.id }, data: { role: { connect: { hexId: editorRole } } } });
    const token = await signIn(editor.email);
    const target = await create(adminA, { name: uniqueName() });
    const refused = await put(token, target, ["CONTACTO:VIEW", "USUARIO:DELETE"]);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: "ROLE_PRIVILEGE_NOT_HELD", privilege: "USUARIO:DELETE" });
    expect((await put(token, target, ["CONTACTO:VIEW"])).status).toBe(200);
    // Taking away what one lacks is allowed: the editor narrows a role the administrator widened.
    expect((await put(adminA, target, ["CONTACTO:VIEW", "FIRMA:VIEW"])).status).toBe(200);
    expect((await put(token, target, ["CONTACTO:VIEW"])).body.privileges).toEqual(["CONTACTO:VIEW"]);
    // Nor can the editor delete, lacking ROL:DELETE.
    expect((await call(deleteRole, rolePath(target), { method: "DELETE", token, params: { roleHexId: target } })).status).toBe(403);
  });

  it("refuses to delete a role in use with 409, and deletes an unused one", async () => {
    const inUse = await call(deleteRole, rolePath(orgA.operatorRole.hexId), {
      method: "DELETE",
      token: adminA,
      params: { roleHexId: orgA.operatorRole.hexId },
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ errorCode: "ROLE_IN_USE", users: 1 });
    expect(inUse.body.message).toContain("No se puede eliminar un rol asignado a usuarios");
    const english409 = await call(deleteRole, rolePath(orgA.operatorRole.hexId), {
      method: "DELETE",
      token: adminA,
      params: { roleHexId: orgA.operatorRole.hexId },
      headers: english,
    });
    expect(english409.body.message).toContain("A role assigned to users cannot be deleted");

    const unused = await create(adminA, { name: uniqueName() });
    await put(adminA, unused, ["CONTACTO:VIEW"]);
    const gone = await call(deleteRole, rolePath(unused), { method: "DELETE", token: adminA, params: { roleHexId: unused } });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ deleted: true });
    expect(await db.role.count({ where: { hexId: unused } })).toBe(0);
    expect((await lastLog(orgA, "ROLE_DELETE"))?.detail).toContain(`recordId=${unused}`);
    expect((await call(deleteRole, rolePath(unused), { method: "DELETE", token: adminA, params: { roleHexId: unused } })).status).toBe(404);
  });
});

describe("the last role administering users", () => {
  it("cannot be emptied or lose user administration, in both languages; another held one lifts the lock", async () => {
    const org = await createTestOrganization();
    const admin = await createTestUser(org);
    const token = await signIn(admin.email);
    const adminRole = org.adminRole.hexId;
    const all = (await call<RoleView>(getRole, rolePath(adminRole), { token, params: { roleHexId: adminRole } })).body.privileges;

    const emptied = await put(token, adminRole, []);
    expect(emptied.status).toBe(409);
    expect(emptied.body.errorCode).toBe("ROLE_LAST_USER_ADMIN");
    expect(emptied.body.message).toContain("último rol que administra usuarios");
    const english409 = await put(
      token,
      adminRole,
      all.filter((a) => a !== "USUARIO:UPDATE"),
      english,
    );
    expect(english409.status).toBe(409);
    expect(english409.body.message).toContain("last role that administers users");
    // Other changes to it are fine while it keeps user administration.
    expect(
      (
        await put(
          token,
          adminRole,
          all.filter((a) => a !== "CONTACTO:EXPORT"),
        )
      ).status,
    ).toBe(200);

    // A role granting user administration that nobody holds does not count.
    const spare = await create(token, { name: uniqueName("Usuarios") });
    expect((await put(token, spare, ["USUARIO:VIEW", "USUARIO:UPDATE"])).status).toBe(200);
    expect((await put(token, adminRole, [])).status).toBe(409);
    // Held by an enabled user, it does.
    const holder = await createTestUser(org, { role: "none" });
    await db.user.update({ where: { id: holder.id }, data: { role: { connect: { hexId: spare } } } });
    const lifted = await put(token, adminRole, ["ROL:VIEW"]);
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);

    // Now `spare` is the last: its holder moves away and it is refused deletion, not for being in use.
    await db.user.update({ where: { id: holder.id }, data: { roleId: org.operatorRole.id } });
    const refused = await call(deleteRole, rolePath(spare), { method: "DELETE", token, params: { roleHexId: spare } });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe("ROLE_LAST_USER_ADMIN");
    expect(await db.role.count({ where: { hexId: spare } })).toBe(1);
  });
});

describe("organisation isolation", () => {
  it("answers 404 to org B for reading, renaming, changing or deleting org A's role, and keeps it out of B's list", async () => {
    const name = uniqueName("Privado");
    const roleHexId = await create(adminA, { name });
    await put(adminA, roleHexId, ["CONTACTO:VIEW"]);
    const params = { roleHexId };
    const attempts = [
      await call(getRole, rolePath(roleHexId), { token: adminB, params }),
      await call(updateRole, rolePath(roleHexId), { method: "PUT", body: { name: "Robado" }, token: adminB, params }),
      await put(adminB, roleHexId, ["USUARIO:VIEW"]),
      await call(deleteRole, rolePath(roleHexId), { method: "DELETE", token: adminB, params }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body.errorCode).toBe("NOT_FOUND");
    }
    const listed = (await call<RoleList>(listRoles, "/api/roles", { token: adminB })).body._embedded.roles;
    expect(listed.map((r) => r.roleHexId)).not.toContain(roleHexId);
    expect(listed.map((r) => r.roleHexId).sort()).toEqual([orgB.adminRole.hexId, orgB.operatorRole.hexId].sort());
    const after = await call<RoleView>(getRole, rolePath(roleHexId), { token: adminA, params });
    expect(after.body).toMatchObject({ name, privileges: ["CONTACTO:VIEW"] });
    // The same name is free in another organisation.
    expect((await call(createRole, "/api/roles", { body: { name }, token: adminB })).status).toBe(201);
  });
});

describe("with an API key, as the OpenAPI document describes", () => {
  const openApi = openApiDocument();
  type Described = { responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> };
  const paths = openApi.paths as Record<string, Record<string, Described>>;
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const expectDescribed = (template: string, method: string, status: number, body: unknown) => {
    const schema = paths[template]?.[method]?.responses[String(status)]?.content?.["application/json"]?.schema;
    expect(schema, `${method} ${template} ${status}`).toBeDefined();
    const validate = ajv.compile({ ...schema, components: openApi.components });
    expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
  };

  it("manages roles and groups with the key's role privileges, answering in the described shapes", async () => {
    const org = await createTestOrganization();
    const admin = await createTestUser(org);
    const member = await createTestUser(org, { role: "none" });
    const token = await signIn(admin.email);
    const makeKey = async (roleHexId: string) =>
      (await call<{ apiKey: string }>(createKey, "/api/api-keys", { body: { name: uniqueName("Clave"), roleHexId }, token })).body.apiKey;
    const headers = { "x-api-key": await makeKey(org.adminRole.hexId) };

    const created = await call(createRole, "/api/roles", { body: { name: uniqueName() }, headers });
    expect(created.status).toBe(201);
    expectDescribed("/api/roles", "post", 201, created.body);
    const roleHexId = created.body.roleHexId as string;
    const saved = await call(setPrivileges, "/p", {
      method: "PUT",
      body: { privileges: ["CONTACTO:VIEW"] },
      headers,
      params: { roleHexId },
    });
    expectDescribed("/api/roles/{roleHexId}/privileges", "put", 200, saved.body);
    const listed = await call(listRoles, "/api/roles", { headers });
    expectDescribed("/api/roles", "get", 200, listed.body);
    const one = await call(getRole, rolePath(roleHexId), { headers, params: { roleHexId } });
    expectDescribed("/api/roles/{roleHexId}", "get", 200, one.body);
    const refused = await call(deleteRole, rolePath(org.adminRole.hexId), {
      method: "DELETE",
      headers,
      params: { roleHexId: org.adminRole.hexId },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe("ROLE_IN_USE");

    const group = await call(createGroup, "/api/groups", { body: { name: uniqueName("Grupo") }, headers });
    expectDescribed("/api/groups", "post", 201, group.body);
    const groupHexId = group.body.groupHexId as string;
    const added = await call(addMember, "/m", { body: { userHexId: member.hexId }, headers, params: { groupHexId } });
    expectDescribed("/api/groups/{groupHexId}/members", "post", 201, added.body);
    expectDescribed("/api/groups", "get", 200, (await call(listGroups, "/api/groups", { headers })).body);

    // A key whose role lacks ROL and GRUPO is refused.
    const limited = { "x-api-key": await makeKey(org.operatorRole.hexId) };
    expect((await call(listRoles, "/api/roles", { headers: limited })).status).toBe(403);
    expect((await call(listGroups, "/api/groups", { headers: limited })).status).toBe(403);
  });
});
