import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { POST as authenticate } from "@/app/api/authenticate/route";
import { POST as refresh } from "@/app/api/token/refresh/route";
import { POST as logout } from "@/app/api/logout/route";
import { POST as unlock } from "@/app/api/unlock/[codigo]/route";
import { GET as session } from "@/app/api/session/route";
import { db } from "@/lib/db/client";
import { peers } from "./setup";
import { call } from "../support/http";
import { createTestOrganization, createTestUser, testPassword, type TestOrganization } from "../support/fixtures";

let org: TestOrganization;

beforeAll(async () => {
  org = await createTestOrganization();
});

beforeEach(() => peers.mail.clear());

async function login(email: string, password = testPassword, headers: Record<string, string> = {}) {
  return call<Record<string, unknown>>(authenticate, "/api/authenticate", { body: { username: email, password }, headers });
}

describe("POST /api/authenticate", () => {
  it("returns a signed token carrying the role's authorities", async () => {
    const user = await createTestUser(org, { role: "operator" });
    const { status, body } = await login(user.email);
    expect(status).toBe(200);
    const claims = decodeJwt(body.token as string);
    expect(claims.sub).toBe(user.hexId);
    expect(claims.authorities).toEqual(expect.arrayContaining(["DOCUMENTO:VIEW", "MYSIGN:VIEW", "CONTACTO:CREATE"]));
    expect(claims.authorities).not.toContain("USUARIO:VIEW");
    expect(body.landingPage).toBe("/dashboard");
  });

  it("answers each failure with its catalogue code and message, in Spanish by default and in English on request", async () => {
    const unknown = await login("nadie@example.test");
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ errorCode: "USER_NOT_REGISTERED", message: "Usuario no registrado." });

    const user = await createTestUser(org);
    const wrong = await login(user.email, "Otra-Clave-2026!", { "accept-language": "en-US,en;q=0.9" });
    expect(wrong.body).toMatchObject({ errorCode: "INCORRECT_PASSWORD", message: "Incorrect password." });

    const empty = await call(authenticate, "/api/authenticate", { body: { username: "", password: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.errorCode).toBe("EMPTY_FIELD");
  });

  it("blocks the user after five wrong passwords, mails an unlock link, and the link lifts the block once", async () => {
    const user = await createTestUser(org);
    for (let i = 0; i < 4; i++) expect((await login(user.email, "Mala-Clave-2026!")).body.errorCode).toBe("INCORRECT_PASSWORD");
    expect((await login(user.email, "Mala-Clave-2026!")).body.errorCode).toBe("USER_BLOCKED");
    // Even the right password is refused while blocked.
    const blocked = await login(user.email);
    expect(blocked.status).toBe(423);
    expect(blocked.body.errorCode).toBe("USER_BLOCKED");

    const mail = await peers.mail.waitFor((m) => m.to.includes(user.email));
    const code = /\/unlock\/([0-9a-f]{32})/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect((await call(unlock, `/api/unlock/${code}`, { body: {}, params: { codigo: code! } })).status).toBe(200);
    expect((await login(user.email)).status).toBe(200);
    // Single use.
    const again = await call(unlock, `/api/unlock/${code}`, { body: {}, params: { codigo: code! } });
    expect(again.body.errorCode).toBe("INVALID_LINK");
  });

  it("refuses users without portal access, disabled users and unvalidated e-mails", async () => {
    const noPortal = await createTestUser(org);
    await db.user.update({ where: { id: noPortal.id }, data: { portalAccess: false } });
    const refused = await login(noPortal.email);
    expect(refused.body).toMatchObject({ errorCode: "NO_PORTAL_ACCESS", message: "El usuario no tiene acceso al portal administrativo." });
    const english = await login(noPortal.email, testPassword, { "accept-language": "en-US" });
    expect(english.body.message).toBe("user has no access to the administrative portal");

    const disabled = await createTestUser(org);
    await db.user.update({ where: { id: disabled.id }, data: { enabled: false } });
    expect((await login(disabled.email)).body.errorCode).toBe("USER_DISABLED");

    const unvalidated = await createTestUser(org, { emailVerified: false });
    expect((await login(unvalidated.email)).body.errorCode).toBe("EMAIL_NOT_VALIDATED");
  });

  it("rate-limits attempts per account", async () => {
    const user = await createTestUser(org);
    await db.user.update({ where: { id: user.id }, data: { lockedAt: new Date() } });
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await login(user.email));
    expect(answers.slice(0, 10).every((a) => a.body.errorCode === "USER_BLOCKED" && a.headers.get("retry-after") === null)).toBe(true);
    const limited = answers[10]!;
    expect(limited.status).toBe(429);
    expect(limited.body.errorCode).toBe("RATE_LIMITED");
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(250);
    expect(wait).toBeLessThanOrEqual(300);
    expect(limited.headers.get("ratelimit-limit")).toBe("10");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("ratelimit-reset")).toBe(String(wait));
  });
});

describe("token refresh, logout and idle timeout", () => {
  it("refreshes a live token with a later expiry, and refuses once logged out", async () => {
    const user = await createTestUser(org);
    const token = (await login(user.email)).body.token as string;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refreshed = await call(refresh, "/api/token/refresh", { body: {}, token });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.token as string).exp!).toBeGreaterThan(decodeJwt(token).exp!);

    expect((await call(logout, "/api/logout", { body: {}, token })).status).toBe(200);
    const after = await call(refresh, "/api/token/refresh", { body: {}, token: refreshed.body.token as string });
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe("SESSION_EXPIRED");
  });

  it("ends a session idle for longer than default_idle_timeout with 'Session expired by inactivity'", async () => {
    const user = await createTestUser(org);
    const token = (await login(user.email)).body.token as string;
    expect((await call(session, "/api/session", { token })).status).toBe(200);
    const sid = decodeJwt(token).sid as string;
    await db.authSession.update({ where: { hexId: sid }, data: { lastActivityAt: new Date(Date.now() - 31 * 60_000) } });
    const idle = await call(session, "/api/session", { token });
    expect(idle.status).toBe(401);
    expect(idle.body).toMatchObject({ errorCode: "SESSION_EXPIRED_INACTIVITY", message: "Sesión expirada por inactividad." });
    // Ended for good: activity afterwards does not revive it.
    expect((await call(session, "/api/session", { token })).body.errorCode).toBe("SESSION_EXPIRED_INACTIVITY");
  });

  it("honours an organisation's own idle timeout from config", async () => {
    const own = await createTestOrganization();
    await db.configValue.create({ data: { organizationId: own.organization.id, name: "default_idle_timeout", value: "5" } });
    const user = await createTestUser(own);
    const token = (await login(user.email)).body.token as string;
    await db.authSession.update({
      where: { hexId: decodeJwt(token).sid as string },
      data: { lastActivityAt: new Date(Date.now() - 6 * 60_000) },
    });
    expect((await call(session, "/api/session", { token })).body.errorCode).toBe("SESSION_EXPIRED_INACTIVITY");
  });

  it("rejects a token signed with another key or tampered with", async () => {
    const user = await createTestUser(org);
    const token = (await login(user.email)).body.token as string;
    const [header, payload, signature] = token.split(".");
    const forged = JSON.parse(Buffer.from(payload!, "base64url").toString());
    forged.authorities = [...forged.authorities, "ADMIN:RUBRICA"];
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`;
    expect((await call(session, "/api/session", { token: tampered })).body.errorCode).toBe("UNAUTHENTICATED");
  });
});

describe("stored language", () => {
  it("a browser without a language choice gets the user's stored one at sign-in; a choice already made is kept", async () => {
    const user = await createTestUser(org, { language: "en_us" });
    const body = { username: user.email, password: testPassword };
    const fresh = await call(authenticate, "/api/authenticate", { body });
    expect(fresh.headers.get("set-cookie")).toContain("NEXT_LOCALE=en-us");
    const chosen = await call(authenticate, "/api/authenticate", { body, headers: { cookie: "NEXT_LOCALE=es-es" } });
    expect(chosen.headers.get("set-cookie")).toBeNull();
  });
});
