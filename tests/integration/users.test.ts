import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as authenticate } from "@/app/api/authenticate/route";
import { POST as setPass } from "@/app/api/password/set/[propUserId]/route";
import { GET as listContacts } from "@/app/api/contacts/route";
import { GET as listUsers, POST as inviteUser } from "@/app/api/users/route";
import { PUT as updateUser } from "@/app/api/users/[userHexId]/route";
import { POST as disableUser } from "@/app/api/users/[userHexId]/disable/route";
import { POST as enableUser } from "@/app/api/users/[userHexId]/enable/route";
import { POST as resetMfa } from "@/app/api/users/[userHexId]/reset-mfa/route";
import { POST as forcePasswordChange } from "@/app/api/users/[userHexId]/force-password-change/route";
import { POST as resendInvitation } from "@/app/api/users/[userHexId]/resend-invitation/route";
import { db } from "@/lib/db/client";
import type { UserPage, UserView } from "@/lib/users/schemas";
import { peers } from "./setup";
import { call } from "../support/http";
import { createTestOrganization, createTestUser, testPassword, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";

type Handler = typeof disableUser;

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: Awaited<ReturnType<typeof createTestUser>>;
let tokenA: string;
let operatorTokenA: string;
let noRoleTokenA: string;
let tokenB: string;

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  adminA = await createTestUser(orgA);
  const [operator, noRole, adminB] = await Promise.all([
    createTestUser(orgA, { role: "operator" }),
    createTestUser(orgA, { role: "none" }),
    createTestUser(orgB),
  ]);
  [tokenA, operatorTokenA, noRoleTokenA, tokenB] = await Promise.all([
    signIn(adminA.email),
    signIn(operator.email),
    signIn(noRole.email),
    signIn(adminB.email),
  ]);
});
beforeEach(() => peers.mail.clear());

let sequence = 0;
/** Unique e-mails and phones per call, so cases never collide on the duplicate rules. */
function person(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const n = `${Date.now() % 100000}${sequence}`.slice(-7).padStart(7, "0");
  return { firstName: "Lucía", lastName: "Martín", email: `lucia.${n}@example.test`, cellPhone: `+3462${n}`, ...overrides };
}

async function invite(token: string, body: Record<string, unknown>) {
  const response = await call<{ userHexId: string }>(inviteUser, "/api/users", { body, token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.userHexId;
}

const act = (handler: Handler, path: string, userHexId: string, token: string) =>
  call<UserView & { errorCode?: string; message?: string }>(handler, `/api/users/${userHexId}/${path}`, {
    body: {},
    token,
    params: { userHexId },
  });

async function login(email: string, password = testPassword) {
  return call<{ token?: string; errorCode?: string }>(authenticate, "/api/authenticate", {
    body: { username: email, password },
    ip: `198.19.${sequence % 250}.${(sequence++ % 250) + 1}`,
  });
}

/** A test user of organisation A with a live full token. */
async function signedInUser(role: "admin" | "operator" = "operator") {
  const user = await createTestUser(orgA, { role });
  return { user, token: await signIn(user.email) };
}

async function operationEvents(userHexId: string) {
  const rows = await db.operationLog.findMany({ where: { organizationId: orgA.organization.id, detail: { contains: userHexId } } });
  return rows.map((r) => r.operationEventId);
}

describe("POST /api/users (invitation)", () => {
  it("creates the user with role and groups, mails a /SetPass link that sets a password, and the user signs in", async () => {
    const group = await db.group.create({ data: { name: `Grupo ${sequence}`, organizationId: orgA.organization.id } });
    const input = person();
    const userHexId = await invite(tokenA, { ...input, roleHexIds: [orgA.operatorRole.hexId], groupHexIds: [group.hexId] });
    const stored = await db.user.findUniqueOrThrow({ where: { hexId: userHexId }, include: { groups: true } });
    expect(stored).toMatchObject({ organizationId: orgA.organization.id, roleId: orgA.operatorRole.id, passwordHash: null, enabled: true });
    expect(stored.groups.map((g) => g.groupId)).toEqual([group.id]);
    expect(await operationEvents(userHexId)).toContain("USER_INVITE");

    const mail = await peers.mail.waitFor((m) => m.to.includes(input.email));
    const match = /\/SetPass\/([0-9a-f]{32})\?code=([0-9a-f]{32})/.exec(mail.text);
    expect(match?.[1]).toBe(userHexId);
    expect((await login(input.email, "Cualquiera-2026!")).body.errorCode).toBe("INCORRECT_PASSWORD");
    const body = { code: match![2], password: "Primera-Clave-2026!", confirmPassword: "Primera-Clave-2026!" };
    expect((await call(setPass, `/api/password/set/${userHexId}`, { body, params: { propUserId: userHexId } })).status).toBe(200);
    const signedIn = await login(input.email, "Primera-Clave-2026!");
    expect(signedIn.status).toBe(200);
    expect((await call(listContacts, "/api/contacts", { token: signedIn.body.token! })).status).toBe(200);

    const { body: page } = await call<UserPage>(listUsers, "/api/users", { query: { search: input.email }, token: tokenA });
    expect(page._embedded.users).toEqual([
      expect.objectContaining({
        userHexId,
        email: input.email,
        invitationPending: false,
        enabled: true,
        hasApi: false,
        roles: [{ roleHexId: orgA.operatorRole.hexId, name: orgA.operatorRole.name }],
        groups: [{ groupHexId: group.hexId, name: group.name }],
      }),
    ]);
  });

  it("refuses an e-mail or a phone already used, with the spec §5 messages in both languages", async () => {
    const taken = person();
    await invite(tokenA, taken);
    const sameEmail = await call(inviteUser, "/api/users", { body: person({ email: taken.email.toUpperCase() }), token: tokenA });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({ errorCode: "EMAIL_IN_USE", field: "email", message: "El correo electrónico ya está en uso." });
    const samePhone = await call(inviteUser, "/api/users", {
      body: person({ cellPhone: taken.cellPhone }),
      token: tokenA,
      headers: { "accept-language": "en-US" },
    });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body).toMatchObject({ errorCode: "PHONE_IN_USE", field: "cellPhone", message: "This phone is already in use." });
    // Unique across the platform: another organisation cannot take them either (they are how people sign in).
    const elsewhere = await call(inviteUser, "/api/users", { body: person({ email: taken.email }), token: tokenB });
    expect(elsewhere.body.errorCode).toBe("EMAIL_IN_USE");
  });

  it("accepts only the organisation's roles and groups, and no role granting more than the caller holds", async () => {
    const groupB = await db.group.create({ data: { name: `Grupo B ${sequence}`, organizationId: orgB.organization.id } });
    const roleB = await call(inviteUser, "/api/users", { body: person({ roleHexIds: [orgB.adminRole.hexId] }), token: tokenA });
    expect(roleB.body).toMatchObject({ errorCode: "VALIDATION_FAILED", field: "roleHexIds" });
    const foreignGroup = await call(inviteUser, "/api/users", { body: person({ groupHexIds: [groupB.hexId] }), token: tokenA });
    expect(foreignGroup.body).toMatchObject({ errorCode: "VALIDATION_FAILED", field: "groupHexIds" });
    const twoRoles = await call(inviteUser, "/api/users", {
      body: person({ roleHexIds: [orgA.adminRole.hexId, orgA.operatorRole.hexId] }),
      token: tokenA,
    });
    expect(twoRoles.status).toBe(400);

    // A role manager with USUARIO:CREATE but not everything the administrator role grants.
    const limited = await db.role.create({
      data: {
        name: `Gestor ${sequence}`,
        organizationId: orgA.organization.id,
        privileges: { create: [{ module: "USUARIO", canView: true, canCreate: true, canUpdate: true }] },
      },
    });
    const manager = await createTestUser(orgA, { role: "none" });
    await db.user.update({ where: { id: manager.id }, data: { roleId: limited.id } });
    const managerToken = await signIn(manager.email);
    const escalate = await call(inviteUser, "/api/users", { body: person({ roleHexIds: [orgA.adminRole.hexId] }), token: managerToken });
    expect(escalate.body).toMatchObject({ errorCode: "FORBIDDEN", field: "roleHexIds" });
    expect((await call(inviteUser, "/api/users", { body: person({ roleHexIds: [limited.hexId] }), token: managerToken })).status).toBe(201);
    // Nor may they disable or take over an administrator.
    expect((await act(disableUser, "disable", adminA.hexId, managerToken)).body.errorCode).toBe("FORBIDDEN");
    expect((await db.user.findUniqueOrThrow({ where: { id: adminA.id } })).enabled).toBe(true);
  });

  it("resends the invitation with a new link that replaces the old one, only while no password is chosen", async () => {
    const input = person();
    const userHexId = await invite(tokenA, input);
    const linkIn = async () => {
      const mail = await peers.mail.waitFor((m) => m.to.includes(input.email));
      peers.mail.clear();
      return /\/SetPass\/[0-9a-f]{32}\?code=([0-9a-f]{32})/.exec(mail.text)![1]!;
    };
    const first = await linkIn();
    const resent = await act(resendInvitation, "resend-invitation", userHexId, tokenA);
    expect(resent.status).toBe(200);
    expect(resent.body.invitationPending).toBe(true);
    const second = await linkIn();
    expect(second).not.toBe(first);
    const set = (code: string) =>
      call(setPass, `/api/password/set/${userHexId}`, {
        body: { code, password: "Segunda-Clave-2026!", confirmPassword: "Segunda-Clave-2026!" },
        params: { propUserId: userHexId },
      });
    expect((await set(first)).body.errorCode).toBe("INVALID_LINK");
    expect((await set(second)).status).toBe(200);
    const again = await act(resendInvitation, "resend-invitation", userHexId, tokenA);
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe("USER_NOT_INVITED");
    expect(await operationEvents(userHexId)).toContain("USER_INVITE_RESEND");
  });

  it("refuses invalid data with the field at fault", async () => {
    const bad = await call(inviteUser, "/api/users", { body: person({ email: "no-es-correo", cellPhone: "600" }), token: tokenA });
    expect(bad.status).toBe(400);
    expect(["INVALID_EMAIL", "INVALID_PHONE"]).toContain(bad.body.errorCode);
  });
});

describe("PUT /api/users/{userHexId}", () => {
  it("edits name, e-mail, phone, role and groups; refuses another user's e-mail or phone", async () => {
    const other = person();
    await invite(tokenA, other);
    const userHexId = await invite(tokenA, person());
    const [g1, g2] = await Promise.all(
      ["Uno", "Dos"].map((n) => db.group.create({ data: { name: `${n} ${sequence}`, organizationId: orgA.organization.id } })),
    );
    const changes = person({ firstName: "Marta", roleHexIds: [orgA.adminRole.hexId], groupHexIds: [g1!.hexId, g2!.hexId] });
    const saved = await call<UserView>(updateUser, `/api/users/${userHexId}`, {
      method: "PUT",
      body: changes,
      token: tokenA,
      params: { userHexId },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ firstName: "Marta", email: changes.email, cellPhone: changes.cellPhone });
    expect(saved.body.roles.map((r) => r.roleHexId)).toEqual([orgA.adminRole.hexId]);
    expect(saved.body.groups.map((g) => g.groupHexId).sort()).toEqual([g1!.hexId, g2!.hexId].sort());

    const fewer = await call<UserView>(updateUser, `/api/users/${userHexId}`, {
      method: "PUT",
      body: { ...changes, roleHexIds: [], groupHexIds: [g2!.hexId] },
      token: tokenA,
      params: { userHexId },
    });
    expect(fewer.body.roles).toEqual([]);
    expect(fewer.body.groups.map((g) => g.groupHexId)).toEqual([g2!.hexId]);

    // Keeping one's own e-mail and phone is no duplicate; taking another user's is.
    const put = (body: Record<string, unknown>) =>
      call(updateUser, `/api/users/${userHexId}`, { method: "PUT", body, token: tokenA, params: { userHexId } });
    expect((await put(changes)).status).toBe(200);
    expect((await put({ ...changes, email: other.email })).body).toMatchObject({ errorCode: "EMAIL_IN_USE", field: "email" });
    expect((await put({ ...changes, cellPhone: other.cellPhone })).body).toMatchObject({ errorCode: "PHONE_IN_USE", field: "cellPhone" });
    expect(await operationEvents(userHexId)).toContain("USER_UPDATE");
  });

  it("a changed role ends the user's live sessions, since their token carries the old role's authorities; other edits do not", async () => {
    const { user, token } = await signedInUser("admin");
    const body = { firstName: "Otro", lastName: user.lastName, email: user.email, cellPhone: user.cellPhone, groupHexIds: [] };
    const put = (roleHexIds: string[]) =>
      call(updateUser, `/api/users/${user.hexId}`, {
        method: "PUT",
        body: { ...body, roleHexIds },
        token: tokenA,
        params: { userHexId: user.hexId },
      });
    expect((await put([orgA.adminRole.hexId])).status).toBe(200);
    expect((await call(listUsers, "/api/users", { token })).status).toBe(200);
    expect((await put([orgA.operatorRole.hexId])).status).toBe(200);
    expect((await call(listUsers, "/api/users", { token })).status).toBe(401);
    const again = await login(user.email);
    expect((await call(listUsers, "/api/users", { token: again.body.token! })).status).toBe(403);
  });
});

describe("enable, disable, force password change, reset MFA", () => {
  it("disabling ends the user's live token at once (401); enabling lets them sign in again", async () => {
    const { user, token } = await signedInUser();
    expect((await call(listContacts, "/api/contacts", { token })).status).toBe(200);
    const disabled = await act(disableUser, "disable", user.hexId, tokenA);
    expect(disabled.status).toBe(200);
    expect(disabled.body.enabled).toBe(false);
    expect((await call(listContacts, "/api/contacts", { token })).status).toBe(401);
    expect((await login(user.email)).body.errorCode).toBe("USER_DISABLED");

    const enabled = await act(enableUser, "enable", user.hexId, tokenA);
    expect(enabled.body.enabled).toBe(true);
    // The old session stays ended; a new sign-in works.
    expect((await call(listContacts, "/api/contacts", { token })).status).toBe(401);
    const again = await login(user.email);
    expect(again.status).toBe(200);
    expect((await call(listContacts, "/api/contacts", { token: again.body.token! })).status).toBe(200);
    expect(await operationEvents(user.hexId)).toEqual(expect.arrayContaining(["USER_DISABLE", "USER_ENABLE"]));
  });

  it("nobody disables themselves", async () => {
    const self = await act(disableUser, "disable", adminA.hexId, tokenA);
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ errorCode: "USER_DISABLE_SELF", message: "No puede deshabilitar su propio usuario." });
    expect((await db.user.findUniqueOrThrow({ where: { id: adminA.id } })).enabled).toBe(true);
  });

  it("a forced password change answers 403 PASSWORD_CHANGE_REQUIRED on the user's next call", async () => {
    const { user, token } = await signedInUser();
    const forced = await act(forcePasswordChange, "force-password-change", user.hexId, tokenA);
    expect(forced.body.changePassword).toBe(true);
    const next = await call(listContacts, "/api/contacts", { token });
    expect(next.status).toBe(403);
    expect(next.body.errorCode).toBe("PASSWORD_CHANGE_REQUIRED");
    expect(await operationEvents(user.hexId)).toContain("USER_FORCE_PASSWORD_CHANGE");
  });

  it("resetting MFA removes the user's methods: the next sign-in asks no second factor", async () => {
    const { user } = await signedInUser();
    await db.mfaMethod.create({ data: { userId: user.id, type: "EMAIL", active: true, favorite: true, activatedAt: new Date() } });
    await db.user.update({ where: { id: user.id }, data: { failedMfaCodes: 2 } });
    expect((await login(user.email)).body.errorCode).toBe("MFA_REQUIRED");
    const reset = await act(resetMfa, "reset-mfa", user.hexId, tokenA);
    expect(reset.status).toBe(200);
    expect(reset.body.mfaMethods).toEqual([]);
    expect(await db.mfaMethod.count({ where: { userId: user.id } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).failedMfaCodes).toBe(0);
    const signedIn = await login(user.email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toBeTruthy();
    expect(await operationEvents(user.hexId)).toContain("USER_MFA_RESET");
  });

  it("API users are listed with hasApi and left to /api-management", async () => {
    const apiUser = await db.user.create({
      data: {
        email: `api-${sequence}@api.invalid`,
        firstName: "Clave",
        lastName: "API",
        hasApi: true,
        portalAccess: false,
        organizationId: orgA.organization.id,
      },
    });
    const { body } = await call<UserPage>(listUsers, "/api/users", { query: { hasApi: "true", size: "100" }, token: tokenA });
    expect(body._embedded.users.every((u) => u.hasApi)).toBe(true);
    expect(body._embedded.users.map((u) => u.userHexId)).toContain(apiUser.hexId);
    const people = await call<UserPage>(listUsers, "/api/users", { query: { hasApi: "false", size: "100" }, token: tokenA });
    expect(people.body._embedded.users.map((u) => u.userHexId)).not.toContain(apiUser.hexId);
    expect((await act(disableUser, "disable", apiUser.hexId, tokenA)).body.errorCode).toBe("USER_IS_API_USER");
  });
});

describe("GET /api/users", () => {
  it("searches every word and pages like the other lists", async () => {
    // Names take letters only: a marker unique to this run, spelled in letters.
    const marker = `Zeta${[...String(Date.now())].map((d) => "abcdefghij"[Number(d)]).join("")}`;
    for (let i = 0; i < 3; i += 1) await invite(tokenA, person({ lastName: `${marker} Ñ` }));
    const first = await call<UserPage>(listUsers, "/api/users", { query: { search: `${marker} lucía`, size: "2" }, token: tokenA });
    expect(first.body.page).toEqual({ size: 2, totalElements: 3, totalPages: 2, number: 0 });
    const second = await call<UserPage>(listUsers, "/api/users", { query: { search: marker, size: "2", page: "1" }, token: tokenA });
    expect(second.body._embedded.users).toHaveLength(1);
    const ids = [...first.body._embedded.users, ...second.body._embedded.users].map((u) => u.userHexId);
    expect(new Set(ids).size).toBe(3);
    expect(
      (await call<UserPage>(listUsers, "/api/users", { query: { search: `${marker} nadie` }, token: tokenA })).body.page.totalElements,
    ).toBe(0);
  });
});

describe("privileges and organisation isolation", () => {
  it("refuses every call without the USUARIO privilege it needs", async () => {
    const target = (await createTestUser(orgA)).hexId;
    const body = person();
    // No role at all: nothing; the Operador role has no USUARIO privilege either.
    for (const token of [noRoleTokenA, operatorTokenA]) {
      expect((await call(listUsers, "/api/users", { token })).status).toBe(403);
      expect((await call(inviteUser, "/api/users", { body, token })).status).toBe(403);
      expect((await call(updateUser, `/api/users/${target}`, { method: "PUT", body, token, params: { userHexId: target } })).status).toBe(
        403,
      );
      for (const [handler, path] of [
        [disableUser, "disable"],
        [enableUser, "enable"],
        [resetMfa, "reset-mfa"],
        [forcePasswordChange, "force-password-change"],
        [resendInvitation, "resend-invitation"],
      ] as const)
        expect((await act(handler, path, target, token)).status).toBe(403);
    }
    // VIEW alone lists, but neither invites nor changes.
    const viewer = await db.role.create({
      data: {
        name: `Lector ${sequence}`,
        organizationId: orgA.organization.id,
        privileges: { create: [{ module: "USUARIO", canView: true }] },
      },
    });
    const reader = await createTestUser(orgA, { role: "none" });
    await db.user.update({ where: { id: reader.id }, data: { roleId: viewer.id } });
    const readerToken = await signIn(reader.email);
    expect((await call(listUsers, "/api/users", { token: readerToken })).status).toBe(200);
    expect((await call(inviteUser, "/api/users", { body, token: readerToken })).status).toBe(403);
    expect((await act(disableUser, "disable", target, readerToken)).status).toBe(403);
    expect(await db.user.count({ where: { email: body.email } })).toBe(0);
  });

  it("an organisation never sees or changes another's users", async () => {
    const { user } = await signedInUser();
    const listed = await call<UserPage>(listUsers, "/api/users", { query: { size: "100" }, token: tokenB });
    expect(listed.body._embedded.users.map((u) => u.userHexId)).not.toContain(user.hexId);
    expect(listed.body._embedded.users.map((u) => u.userHexId)).not.toContain(adminA.hexId);
    const searched = await call<UserPage>(listUsers, "/api/users", { query: { search: user.email }, token: tokenB });
    expect(searched.body.page.totalElements).toBe(0);

    const put = await call(updateUser, `/api/users/${user.hexId}`, {
      method: "PUT",
      body: person({ firstName: "Ajeno" }),
      token: tokenB,
      params: { userHexId: user.hexId },
    });
    expect(put.status).toBe(404);
    for (const [handler, path] of [
      [disableUser, "disable"],
      [enableUser, "enable"],
      [resetMfa, "reset-mfa"],
      [forcePasswordChange, "force-password-change"],
      [resendInvitation, "resend-invitation"],
    ] as const) {
      const answer = await act(handler, path, user.hexId, tokenB);
      expect({ path, status: answer.status, errorCode: answer.body.errorCode }).toEqual({ path, status: 404, errorCode: "NOT_FOUND" });
    }
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after).toMatchObject({ enabled: true, changePassword: false, firstName: user.firstName });
    // An invitation cannot name another organisation: the field is refused, and nobody is invited anywhere.
    const intruder = person({ organizationId: orgA.organization.id });
    const refused = await call(inviteUser, "/api/users", { body: intruder, token: tokenB });
    expect(refused).toMatchObject({ status: 400, body: { errorCode: "VALIDATION_FAILED", field: "organizationId" } });
    expect(await db.user.count({ where: { email: intruder.email as string } })).toBe(0);
  });

  it("a platform administrator acts within their own organisation", async () => {
    const platform = await createTestUser(orgB, { platformAdmin: true });
    const platformToken = await signIn(platform.email);
    const { user } = await signedInUser();
    expect((await act(disableUser, "disable", user.hexId, platformToken)).status).toBe(404);
    // And an organisation administrator cannot touch a platform administrator of their organisation.
    const platformA = await createTestUser(orgA, { platformAdmin: true });
    expect((await act(forcePasswordChange, "force-password-change", platformA.hexId, tokenA)).body.errorCode).toBe("FORBIDDEN");
  });
});
