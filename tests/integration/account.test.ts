import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { POST as authenticate } from "@/app/api/authenticate/route";
import { POST as signup } from "@/app/api/signup/route";
import { POST as validate } from "@/app/api/user-validate/[codigo]/route";
import { POST as forgot } from "@/app/api/password/forgot/route";
import { POST as checkCode } from "@/app/api/password/code/route";
import { POST as reset } from "@/app/api/password/reset/route";
import { POST as change } from "@/app/api/password/change/route";
import { POST as setPass } from "@/app/api/password/set/[propUserId]/route";
import { POST as profile } from "@/app/api/profile/route";
import { GET as session } from "@/app/api/session/route";
import { GET as listContacts } from "@/app/api/contacts/route";
import { POST as logoutRoute } from "@/app/api/logout/route";
import { POST as localeRoute } from "@/app/api/locale/route";
import { inviteToSetPassword } from "@/lib/auth/change-password";
import { db } from "@/lib/db/client";
import { peers } from "./setup";
import { call } from "../support/http";
import { createTestOrganization, createTestUser, testPassword, type TestOrganization } from "../support/fixtures";

let org: TestOrganization;
let ipCounter = 0;
// Sign-up is limited per address; each case comes from its own.
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  org = await createTestOrganization();
});
beforeEach(() => peers.mail.clear());

const login = (email: string, password = testPassword) => call(authenticate, "/api/authenticate", { body: { username: email, password } });

const validSignup = () => ({
  organizationName: "Gestoría Prueba",
  firstName: "Lucía",
  lastName: "Fernández",
  email: `lucia-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.test`,
  cellPhone: `+3469${Math.floor(Math.random() * 1e7)
    .toString()
    .padStart(7, "0")}`,
  country: "ES",
  identType: "DNI",
  identNumber: "12345678Z",
  password: "Firma-Segura-2026!",
  confirmPassword: "Firma-Segura-2026!",
});

describe("/signup (spec §5 messages)", () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ["empty field", { firstName: "" }, "EMPTY_FIELD", "El campo no puede estar vacío."],
    ["passwords must match", { confirmPassword: "Otra-Distinta-2026!" }, "PASSWORDS_MISMATCH", "Las contraseñas deben coincidir."],
    ["minimum size", { lastName: "Li" }, "MIN_LENGTH", "El campo debe tener al menos 3 caracteres."],
    [
      "password rules",
      { password: "corta", confirmPassword: "corta" },
      "PASSWORD_RULES",
      "La contraseña debe tener al menos 10 caracteres, con mayúsculas, minúsculas, números y un símbolo.",
    ],
    ["invalid e-mail", { email: "lucia@" }, "INVALID_EMAIL", "El correo electrónico no es válido."],
    [
      "invalid phone",
      { cellPhone: "600 12" },
      "INVALID_PHONE",
      "El número de teléfono no es válido. Use el formato internacional, por ejemplo +34600000000.",
    ],
    ["invalid identification number", { identNumber: "12345678A" }, "INVALID_IDENT_NUMBER", "El número de identificación no es válido."],
    ["invalid character", { firstName: "Lucía<script>" }, "INVALID_CHARACTER", "El campo contiene un carácter no válido."],
    ["password cannot be empty", { password: "" }, "PASSWORD_EMPTY", "La contraseña no puede estar vacía."],
  ];
  for (const [name, change, code, message] of cases) {
    it(`rejects: ${name}`, async () => {
      const { status, body } = await call(signup, "/api/signup", { body: { ...validSignup(), ...change }, ip: nextIp() });
      expect(status).toBe(400);
      expect(body).toMatchObject({ errorCode: code, message });
    });
  }

  it("answers in English when the browser asks for it", async () => {
    const { body } = await call(signup, "/api/signup", {
      body: { ...validSignup(), email: "x" },
      ip: nextIp(),
      headers: { "accept-language": "en-US" },
    });
    expect(body).toMatchObject({ errorCode: "INVALID_EMAIL", message: "Invalid e-mail." });
  });

  it("creates the organisation, mails a validation link, and signs in only after validation", async () => {
    const input = validSignup();
    const created = await call(signup, "/api/signup", { body: input, ip: nextIp() });
    expect(created.status).toBe(201);
    expect((await login(input.email, input.password)).body.errorCode).toBe("EMAIL_NOT_VALIDATED");

    const mail = await peers.mail.waitFor((m) => m.to.includes(input.email));
    expect(mail.subject).toBe("Valide su correo electrónico");
    const code = /\/user-validate\/([0-9a-f]{32})/.exec(mail.text)?.[1];
    expect((await call(validate, `/api/user-validate/${code}`, { body: {}, params: { codigo: code! } })).status).toBe(200);

    const signedIn = await login(input.email, input.password);
    expect(signedIn.status).toBe(200);
    const claims = decodeJwt(signedIn.body.token as string);
    expect(claims.authorities).toContain("USUARIO:CREATE");
    const user = await db.user.findUniqueOrThrow({
      where: { email: input.email },
      include: { organization: { include: { flows: true } } },
    });
    expect(user.organization.name).toBe("Gestoría Prueba");
    // Every organisation starts with a default active flow of each kind.
    expect(
      user.organization.flows
        .filter((f) => f.isDefault && f.active)
        .map((f) => f.kind)
        .sort(),
    ).toEqual(["SIGNATURE", "VALIDATION"]);
  });

  it("rejects an e-mail or phone already used", async () => {
    const existing = await createTestUser(org);
    const byEmail = await call(signup, "/api/signup", { body: { ...validSignup(), email: existing.email }, ip: nextIp() });
    expect(byEmail.body).toMatchObject({ errorCode: "EMAIL_IN_USE", field: "email" });
    const byPhone = await call(signup, "/api/signup", { body: { ...validSignup(), cellPhone: existing.cellPhone }, ip: nextIp() });
    expect(byPhone.body).toMatchObject({ errorCode: "PHONE_IN_USE", field: "cellPhone" });
  });
});

describe("password recovery: /ForgotPassword → /CodeVeri → /ResetPassword", () => {
  it("says when the mail does not exist", async () => {
    const { status, body } = await call(forgot, "/api/password/forgot", { body: { email: "no-existe@example.test" }, ip: nextIp() });
    expect(status).toBe(404);
    expect(body).toMatchObject({ errorCode: "MAIL_NOT_EXISTS", message: "El correo electrónico no existe." });
  });

  it("mails a code, checks it, sets the new password, lifts a block and ends open sessions", async () => {
    const user = await createTestUser(org);
    const oldToken = (await login(user.email)).body.token as string;
    await db.user.update({ where: { id: user.id }, data: { lockedAt: new Date() } });
    expect((await call(forgot, "/api/password/forgot", { body: { email: user.email }, ip: nextIp() })).status).toBe(200);
    const mail = await peers.mail.waitFor((m) => m.to.includes(user.email));
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();

    expect(
      (await call(checkCode, "/api/password/code", { body: { email: user.email, code: code === "000000" ? "111111" : "000000" } })).body
        .errorCode,
    ).toBe("MFA_CODE_MISMATCH");
    expect((await call(checkCode, "/api/password/code", { body: { email: user.email, code } })).status).toBe(200);
    const weak = await call(reset, "/api/password/reset", {
      body: { email: user.email, code, password: "debil", confirmPassword: "debil" },
    });
    expect(weak.body.errorCode).toBe("PASSWORD_RULES");
    const done = await call(reset, "/api/password/reset", {
      body: { email: user.email, code, password: "Nueva-Clave-2026!", confirmPassword: "Nueva-Clave-2026!" },
    });
    expect(done.status).toBe(200);

    expect((await login(user.email)).body.errorCode).toBe("INCORRECT_PASSWORD");
    expect((await login(user.email, "Nueva-Clave-2026!")).status).toBe(200);
    expect((await call(session, "/api/session", { token: oldToken })).body.errorCode).toBe("SESSION_EXPIRED");
  });
});

describe("/ChangePass and /SetPass", () => {
  it("needs the current password ('old password mismatch') and clears the forced change", async () => {
    const user = await createTestUser(org, { changePassword: true });
    const signedIn = await login(user.email);
    expect(signedIn.body.changePassword).toBe(true);
    const token = signedIn.body.token as string;
    const wrong = await call(change, "/api/password/change", {
      body: { oldPassword: "No-Es-Esta-2026!", password: "Otra-Nueva-2026!", confirmPassword: "Otra-Nueva-2026!" },
      token,
    });
    expect(wrong.body).toMatchObject({ errorCode: "OLD_PASSWORD_MISMATCH", message: "La contraseña actual no coincide." });
    const ok = await call(change, "/api/password/change", {
      body: { oldPassword: testPassword, password: "Otra-Nueva-2026!", confirmPassword: "Otra-Nueva-2026!" },
      token,
    });
    expect(ok.status).toBe(200);
    expect(decodeJwt(ok.body.token as string).changePassword).toBe(false);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).changePassword).toBe(false);
  });

  it("a forced change is enforced by the API: until it is done every call but the change and sign-out is refused", async () => {
    const user = await createTestUser(org, { changePassword: true });
    const token = (await login(user.email)).body.token as string;
    const refused = await call(listContacts, "/api/contacts", { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      errorCode: "PASSWORD_CHANGE_REQUIRED",
      message: "Debe cambiar su contraseña antes de continuar.",
    });
    expect((await call(profile, "/api/profile", { body: { firstName: "Ana", lastName: "Ruiz" }, token })).body.errorCode).toBe(
      "PASSWORD_CHANGE_REQUIRED",
    );
    // What the /ChangePass screen itself uses still answers: its language switcher.
    expect((await call(localeRoute, "/api/locale", { body: { locale: "en-us" }, token })).status).toBe(200);
    // The flag set by an administrator while a session is live takes effect at once.
    const other = await createTestUser(org);
    const live = (await login(other.email)).body.token as string;
    expect((await call(listContacts, "/api/contacts", { token: live })).status).toBe(200);
    await db.user.update({ where: { id: other.id }, data: { changePassword: true } });
    expect((await call(listContacts, "/api/contacts", { token: live })).body.errorCode).toBe("PASSWORD_CHANGE_REQUIRED");
    expect((await call(logoutRoute, "/api/logout", { body: {}, token: live })).status).toBe(200);

    const changed = await call(change, "/api/password/change", {
      body: { oldPassword: testPassword, password: "Otra-Nueva-2026!", confirmPassword: "Otra-Nueva-2026!" },
      token,
    });
    expect(changed.status).toBe(200);
    expect((await call(listContacts, "/api/contacts", { token: changed.body.token as string })).status).toBe(200);
  });

  it("lets an invited user choose a first password from the mailed link, once", async () => {
    const user = await createTestUser(org);
    await db.user.update({ where: { id: user.id }, data: { passwordHash: null, emailVerified: false } });
    await inviteToSetPassword(user.id);
    const mail = await peers.mail.waitFor((m) => m.to.includes(user.email));
    const match = /\/SetPass\/([0-9a-f]{32})\?code=([0-9a-f]{32})/.exec(mail.text);
    expect(match?.[1]).toBe(user.hexId);
    const body = { code: match![2], password: "Primera-Clave-2026!", confirmPassword: "Primera-Clave-2026!" };
    expect((await call(setPass, `/api/password/set/${user.hexId}`, { body, params: { propUserId: user.hexId } })).status).toBe(200);
    expect((await login(user.email, "Primera-Clave-2026!")).status).toBe(200);
    expect((await call(setPass, `/api/password/set/${user.hexId}`, { body, params: { propUserId: user.hexId } })).body.errorCode).toBe(
      "INVALID_LINK",
    );
  });
});

describe("/profile", () => {
  it("edits the user's own name and phone, refusing a phone already in use", async () => {
    const user = await createTestUser(org);
    const other = await createTestUser(org);
    const token = (await login(user.email)).body.token as string;
    const taken = await call(profile, "/api/profile", {
      body: { firstName: "María", lastName: "López", cellPhone: other.cellPhone },
      token,
    });
    expect(taken.body.errorCode).toBe("PHONE_IN_USE");
    const saved = await call(profile, "/api/profile", {
      body: { firstName: "María", lastName: "López", cellPhone: "+34699999123" },
      token,
    });
    expect(saved.body).toEqual({ firstName: "María", lastName: "López", cellPhone: "+34699999123" });
  });
});
