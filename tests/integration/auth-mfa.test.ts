import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { POST as authenticate } from "@/app/api/authenticate/route";
import { POST as verify } from "@/app/api/verify/route";
import { POST as sendCode } from "@/app/api/mfa/send-code/route";
import { GET as listMethods } from "@/app/api/mfa/methods/route";
import { DELETE as deactivate } from "@/app/api/mfa/methods/[type]/route";
import { POST as activate } from "@/app/api/mfa/methods/[type]/activate/route";
import { POST as confirm } from "@/app/api/mfa/methods/[type]/confirm/route";
import { POST as favorite } from "@/app/api/mfa/methods/[type]/favorite/route";
import { GET as session } from "@/app/api/session/route";
import { currentTotp } from "@/lib/auth/totp";
import { db } from "@/lib/db/client";
import { redis } from "@/lib/queue/redis";
import { peers } from "./setup";
import { call } from "../support/http";
import { createTestOrganization, createTestUser, testPassword, type TestOrganization } from "../support/fixtures";

let org: TestOrganization;

beforeAll(async () => {
  org = await createTestOrganization();
});

beforeEach(async () => {
  peers.mail.clear();
  peers.sms.clear();
  // Each test sends codes for new users, but the resend window is per user: no cross-talk. The
  // TOTP replay guard is what must not leak between tests that reuse a step.
  const keys = await redis().keys("totp-used:*");
  if (keys.length) await redis().del(...keys);
});

const login = (email: string) => call(authenticate, "/api/authenticate", { body: { username: email, password: testPassword } });

function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error("no code in message");
  return code;
}

async function signedIn(email: string) {
  return (await login(email)).body.token as string;
}

async function activateByCode(token: string, type: "EMAIL" | "SMS", email: string, phone: string) {
  expect((await call(activate, `/api/mfa/methods/${type}/activate`, { body: {}, token, params: { type } })).status).toBe(200);
  const text =
    type === "EMAIL" ? (await peers.mail.waitFor((m) => m.to.includes(email))).text : (await peers.sms.waitFor((m) => m.to === phone)).body;
  const confirmed = await call(confirm, `/api/mfa/methods/${type}/confirm`, { body: { code: codeIn(text) }, token, params: { type } });
  expect(confirmed.body).toMatchObject({ activated: true });
}

describe("MFA by e-mail code", () => {
  it("activates, then asks for the mailed code at sign-in; a wrong code answers -1, the right one a full token", async () => {
    const user = await createTestUser(org);
    await activateByCode(await signedIn(user.email), "EMAIL", user.email, user.cellPhone!);
    peers.mail.clear();

    const first = await login(user.email);
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({ errorCode: "MFA_REQUIRED", mfaMethodRequired: "EMAIL" });
    expect(first.body.hexId).toMatch(/^[0-9a-f]{32}$/);
    const preAuth = first.body.token as string;
    expect(decodeJwt(preAuth).stage).toBe("mfa");
    // The pending token opens nothing but /verify.
    expect((await call(session, "/api/session", { token: preAuth })).status).toBe(401);

    const mail = await peers.mail.waitFor((m) => m.to.includes(user.email));
    const code = codeIn(mail.subject);
    const wrong = await call(verify, "/api/verify", { body: { code: code === "000000" ? "111111" : "000000" }, token: preAuth });
    expect(wrong.body).toMatchObject({ result: -1, errorCode: "MFA_CODE_MISMATCH", message: "El código no coincide." });

    const right = await call(verify, "/api/verify", { body: { code }, token: preAuth });
    expect(right.body.result).toBe(1);
    expect(decodeJwt(right.body.token as string).stage).toBe("full");
    expect((await call(session, "/api/session", { token: right.body.token as string })).status).toBe(200);
    // A code works once.
    expect((await call(verify, "/api/verify", { body: { code }, token: preAuth })).body.result).toBe(-1);
  });

  it("expires codes, and a code spent five wrong tries is void", async () => {
    const user = await createTestUser(org);
    await activateByCode(await signedIn(user.email), "EMAIL", user.email, user.cellPhone!);
    peers.mail.clear();
    const preAuth = (await login(user.email)).body.token as string;
    const code = codeIn((await peers.mail.waitFor((m) => m.to.includes(user.email))).subject);
    await db.oneTimeCode.updateMany({
      where: { userId: user.id, purpose: "MFA_LOGIN", consumedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await call(verify, "/api/verify", { body: { code }, token: preAuth })).body).toMatchObject({
      result: -1,
      errorCode: "MFA_CODE_EXPIRED",
    });

    peers.mail.clear();
    await redis().del(`rl:mfa-send:burst:MFA_LOGIN:EMAIL:${user.id}`);
    const again = (await login(user.email)).body.token as string;
    const fresh = codeIn((await peers.mail.waitFor((m) => m.to.includes(user.email))).subject);
    const bad = fresh === "999999" ? "888888" : "999999";
    for (let i = 0; i < 5; i++) await call(verify, "/api/verify", { body: { code: bad }, token: again });
    expect((await call(verify, "/api/verify", { body: { code: fresh }, token: again })).body.errorCode).toBe("MFA_CODE_EXPIRED");
  });

  it("limits how often a code is sent", async () => {
    const user = await createTestUser(org);
    await activateByCode(await signedIn(user.email), "EMAIL", user.email, user.cellPhone!);
    const preAuth = (await login(user.email)).body.token as string;
    const resend = await call(sendCode, "/api/mfa/send-code", { body: { method: "EMAIL" }, token: preAuth });
    expect(resend.status).toBe(429);
    expect(resend.body.errorCode).toBe("RATE_LIMITED");
  });
});

describe("MFA by SMS code", () => {
  it("sends the code through Twilio and accepts it", async () => {
    const user = await createTestUser(org);
    await activateByCode(await signedIn(user.email), "SMS", user.email, user.cellPhone!);
    peers.sms.clear();
    const first = await login(user.email);
    expect(first.body).toMatchObject({ errorCode: "MFA_REQUIRED", mfaMethodRequired: "SMS" });
    const sms = await peers.sms.waitFor((m) => m.to === user.cellPhone);
    expect(sms.from).toBe("+15005550006");
    const right = await call(verify, "/api/verify", { body: { code: codeIn(sms.body) }, token: first.body.token as string });
    expect(right.body.result).toBe(1);
  });
});

describe("MFA by authenticator app (TOTP)", () => {
  it("activates with a QR secret and verifies the app's code once; a replayed code is refused", async () => {
    const user = await createTestUser(org);
    const token = await signedIn(user.email);
    const started = await call(activate, "/api/mfa/methods/TOTP/activate", { body: {}, token, params: { type: "TOTP" } });
    const secret = started.body.secret as string;
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(started.body.qr).toMatch(/^data:image\/png;base64,/);
    expect(
      (await call(confirm, "/api/mfa/methods/TOTP/confirm", { body: { code: "000000" }, token, params: { type: "TOTP" } })).body.errorCode,
    ).toBe("MFA_CODE_MISMATCH");
    expect(
      (await call(confirm, "/api/mfa/methods/TOTP/confirm", { body: { code: currentTotp(secret) }, token, params: { type: "TOTP" } })).body
        .activated,
    ).toBe(true);
    // The secret is stored encrypted, never in clear.
    const stored = await db.mfaMethod.findUniqueOrThrow({ where: { userId_type: { userId: user.id, type: "TOTP" } } });
    expect(stored.secret).not.toContain(secret);

    await redis().del(...(await redis().keys("totp-used:*")));
    const first = await login(user.email);
    expect(first.body).toMatchObject({ errorCode: "MFA_REQUIRED", mfaMethodRequired: "TOTP" });
    const code = currentTotp(secret);
    expect((await call(verify, "/api/verify", { body: { code }, token: first.body.token as string })).body.result).toBe(1);
    const second = await login(user.email);
    expect((await call(verify, "/api/verify", { body: { code }, token: second.body.token as string })).body).toMatchObject({
      result: -1,
      errorCode: "MFA_CODE_MISMATCH",
    });
  });
});

describe("MFA failures are counted per user, across sign-ins", () => {
  it("19 wrong authenticator codes over two sign-ins block the user (spec §8 'user blocked'); the right code then lets nobody in", async () => {
    const user = await createTestUser(org);
    const token = await signedIn(user.email);
    const started = await call(activate, "/api/mfa/methods/TOTP/activate", { body: {}, token, params: { type: "TOTP" } });
    const secret = started.body.secret as string;
    await call(confirm, "/api/mfa/methods/TOTP/confirm", { body: { code: currentTotp(secret) }, token, params: { type: "TOTP" } });
    await redis().del(...(await redis().keys("totp-used:*")));
    peers.mail.clear();

    const wrongFor = () => {
      const right = currentTotp(secret);
      return right === "000000" ? "111111" : "000000";
    };
    const answers: string[] = [];
    let lastPending = "";
    for (const tries of [10, 9]) {
      const preAuth = await login(user.email);
      if (preAuth.body.errorCode !== "MFA_REQUIRED") {
        answers.push(preAuth.body.errorCode as string);
        continue;
      }
      lastPending = preAuth.body.token as string;
      for (let i = 0; i < tries; i++) {
        const wrong = await call(verify, "/api/verify", { body: { code: wrongFor() }, token: preAuth.body.token as string });
        answers.push(wrong.body.errorCode as string);
      }
    }
    // Five mismatches, as for a mailed code; then the user is blocked and mailed an unlock link.
    expect(answers.slice(0, 4)).toEqual(Array(4).fill("MFA_CODE_MISMATCH"));
    expect(answers.slice(4)).not.toContain("MFA_CODE_MISMATCH");
    expect(answers[4]).toBe("USER_BLOCKED");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lockedAt).not.toBeNull();
    const unlockMail = await peers.mail.waitFor((m) => m.to.includes(user.email) && /\/unlock\//.test(m.text));
    expect(unlockMail).toBeTruthy();

    // Neither a new sign-in nor the right code on an earlier pending one gets in.
    const again = await login(user.email);
    expect(again.body.errorCode).toBe("USER_BLOCKED");
    const late = await call(verify, "/api/verify", { body: { code: currentTotp(secret) }, token: lastPending });
    expect(late.body.result).toBe(-1);
    expect(late.body.token).toBeUndefined();
  });
});

describe("MFA rules (spec §5)", () => {
  it("a method must be activated before it can be made favourite; an active one can", async () => {
    const user = await createTestUser(org);
    const token = await signedIn(user.email);
    const early = await call(favorite, "/api/mfa/methods/SMS/favorite", { body: {}, token, params: { type: "SMS" } });
    expect(early.body).toMatchObject({
      errorCode: "MFA_ACTIVATE_BEFORE_FAVORITE",
      message: "Debe activar el método antes de marcarlo como favorito.",
    });
    await activateByCode(token, "EMAIL", user.email, user.cellPhone!);
    await activateByCode(token, "SMS", user.email, user.cellPhone!);
    expect((await call(favorite, "/api/mfa/methods/SMS/favorite", { body: {}, token, params: { type: "SMS" } })).status).toBe(200);
    const listed = await call<{
      _embedded: { methods: { type: string; active: boolean; favorite: boolean }[] };
      page: { totalElements: number };
    }>(listMethods, "/api/mfa/methods", {
      token,
    });
    expect(listed.body._embedded.methods.filter((m) => m.favorite).map((m) => m.type)).toEqual(["SMS"]);
    expect(listed.body.page.totalElements).toBe(3);
    // The favourite is the method asked for at sign-in.
    expect((await login(user.email)).body.mfaMethodRequired).toBe("SMS");
  });

  it("'no active method' when switching a pending sign-in to a method the user never activated", async () => {
    const user = await createTestUser(org);
    await activateByCode(await signedIn(user.email), "EMAIL", user.email, user.cellPhone!);
    const preAuth = (await login(user.email)).body.token as string;
    const switched = await call(sendCode, "/api/mfa/send-code", { body: { method: "TOTP" }, token: preAuth });
    expect(switched.body).toMatchObject({ errorCode: "MFA_NO_ACTIVE_METHOD", message: "No tiene ningún método de doble factor activo." });
  });

  it("an organisation that requires a method makes its users activate it before entering, and forbids turning it off", async () => {
    const strict = await createTestOrganization({ requiredMfaMethod: "EMAIL" });
    const user = await createTestUser(strict);
    const first = await login(user.email);
    expect(first.body).toMatchObject({ errorCode: "MFA_ACTIVATION_REQUIRED", mfaMethodRequired: "EMAIL" });
    const activation = first.body.token as string;
    expect((await call(session, "/api/session", { token: activation })).status).toBe(401);

    expect(
      (await call(activate, "/api/mfa/methods/EMAIL/activate", { body: {}, token: activation, params: { type: "EMAIL" } })).status,
    ).toBe(200);
    const mail = await peers.mail.waitFor((m) => m.to.includes(user.email));
    const confirmed = await call(confirm, "/api/mfa/methods/EMAIL/confirm", {
      body: { code: codeIn(mail.subject) },
      token: activation,
      params: { type: "EMAIL" },
    });
    const full = confirmed.body.token as string;
    expect(decodeJwt(full).stage).toBe("full");
    expect((await call(session, "/api/session", { token: full })).status).toBe(200);

    const off = await call(deactivate, "/api/mfa/methods/EMAIL", {
      method: "DELETE",
      body: { password: testPassword },
      token: full,
      params: { type: "EMAIL" },
    });
    expect(off.body.errorCode).toBe("MFA_REQUIRED_BY_ORGANIZATION");
    // From now on the sign-in asks for the code.
    expect((await login(user.email)).body.errorCode).toBe("MFA_REQUIRED");
  });

  it("deactivating the only method asks for the password again and returns the user to password-only sign-in", async () => {
    const user = await createTestUser(org);
    const token = await signedIn(user.email);
    await activateByCode(token, "EMAIL", user.email, user.cellPhone!);
    const off = (body?: unknown) =>
      call(deactivate, "/api/mfa/methods/EMAIL", { method: "DELETE", body, token, params: { type: "EMAIL" } });
    expect((await off()).body).toMatchObject({ errorCode: "PASSWORD_EMPTY" });
    expect((await off({ password: "No-Es-Esta-2026!" })).body).toMatchObject({
      errorCode: "OLD_PASSWORD_MISMATCH",
      message: "La contraseña actual no coincide.",
    });
    expect((await db.mfaMethod.findUniqueOrThrow({ where: { userId_type: { userId: user.id, type: "EMAIL" } } })).active).toBe(true);
    expect((await off({ password: testPassword })).status).toBe(200);
    expect((await login(user.email)).status).toBe(200);
  });
});
