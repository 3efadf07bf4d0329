import { readFileSync } from "node:fs";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteLogo, POST as postLogo } from "@/app/api/organization/logo/route";
import { GET as getProfile, PUT as putProfile } from "@/app/api/organization/profile/route";
import { DELETE as deleteSeal, GET as getSeal, PUT as putSeal } from "@/app/api/organization/seal-certificate/route";
import { GET as publicLogo } from "@/app/api/organizations/[organizationHexId]/logo/route";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { getConfigValue } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { organizationSealCredentials } from "@/lib/organizations/seal-certificate";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { hasOpenssl, OpensslPki } from "../support/openssl-pki";
import { SealPkcs12Files } from "../support/organization-pki";
import { signIn } from "../support/sign-in";

/**
 * /info-organization's REST calls: the profile (name, colours, zone, language, contact data), the logo and the
 * organisation's own seal certificate; every rule, the permission refusals, and isolation between organisations.
 */

/** A multipart call, as a browser's FormData sends it. */
async function upload<T = Record<string, unknown>>(
  handler: unknown,
  path: string,
  method: string,
  fields: Record<string, string | { bytes: Uint8Array; name: string; type?: string }>,
  token: string,
  locale?: string,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([Buffer.from(value.bytes)], { type: value.type ?? "application/octet-stream" }), value.name);
  }
  const request = new NextRequest(new URL(`http://127.0.0.1:3000${path}`), {
    method,
    body: form,
    headers: {
      ...clientAddressHeaders("203.0.113.20"),
      authorization: `Bearer ${token}`,
      ...(locale ? { "accept-language": locale } : {}),
    },
  });
  const response = await sendRequest(handler, request);
  return { status: response.status, body: (await response.json()) as T };
}

const validProfile = {
  name: "Notaría Ejemplo",
  primaryColor: "#1D4ED8",
  secondaryColor: "#93c5fd",
  timezone: "Europe/Madrid",
  defaultLanguage: "en-us",
  contactEmail: "Oficina@Ejemplo.test",
  contactPhone: "+34 600 11 22 33",
  address: "Calle Mayor 1, Madrid",
  website: "https://ejemplo.test",
};

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let adminB: string;
let operatorA: string;
let viewerA: string;
let pki: OpensslPki | undefined;
let files: SealPkcs12Files | undefined;

const lastLog = (org: TestOrganization, event: string) =>
  db.operationLog.findFirst({ where: { organizationId: org.organization.id, operationEventId: event }, orderBy: { id: "desc" } });

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const viewerRole = await db.role.create({
    data: {
      organizationId: orgA.organization.id,
      name: "Solo ver organización",
      privileges: { create: [{ module: "ORGANIZACION", canView: true }] },
    },
  });
  const [a, b, operator, viewer] = await Promise.all([
    createTestUser(orgA),
    createTestUser(orgB),
    createTestUser(orgA, { role: "operator" }),
    createTestUser(orgA, { role: "none" }),
  ]);
  await db.user.update({ where: { id: viewer.id }, data: { roleId: viewerRole.id } });
  [adminA, adminB, operatorA, viewerA] = await Promise.all([
    signIn(a.email),
    signIn(b.email),
    signIn(operator.email),
    signIn(viewer.email),
  ]);
  if (hasOpenssl) {
    pki = new OpensslPki();
    files = new SealPkcs12Files();
  }
}, 60_000);

afterAll(() => {
  pki?.remove();
  files?.remove();
});

describe("organisation profile", () => {
  it("starts with the green gradient, UTC and Spanish", async () => {
    const { status, body } = await call(getProfile, "/api/organization/profile", { token: adminA });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      organizationHexId: orgA.organization.hexId,
      name: orgA.organization.name,
      primaryColor: "#0f766e",
      secondaryColor: "#14b8a6",
      timezone: "UTC",
      defaultLanguage: "es-es",
      contactEmail: null,
      hasLogo: false,
      logoUrl: `/api/organizations/${orgA.organization.hexId}/logo`,
    });
  });

  it("saves the whole profile: colours into ui_sign_color, zone into organization_tz, language into default_language, with an operation-log row", async () => {
    const { status, body } = await call(putProfile, "/api/organization/profile", { method: "PUT", body: validProfile, token: adminA });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: "Notaría Ejemplo",
      primaryColor: "#1d4ed8",
      secondaryColor: "#93c5fd",
      timezone: "Europe/Madrid",
      defaultLanguage: "en-us",
      contactEmail: "oficina@ejemplo.test",
      contactPhone: "+34600112233",
      address: "Calle Mayor 1, Madrid",
      website: "https://ejemplo.test",
    });
    expect(await getConfigValue(orgA.organization.id, "ui_sign_color")).toBe("#1d4ed8;#93c5fd");
    expect(await organizationTimeZone(orgA.organization.id)).toBe("Europe/Madrid");
    expect(await getConfigValue(orgA.organization.id, "default_language")).toBe("en-us");
    expect((await db.organization.findUniqueOrThrow({ where: { id: orgA.organization.id } })).name).toBe("Notaría Ejemplo");
    const log = await lastLog(orgA, "ORGANIZATION_PROFILE_UPDATE");
    expect(log?.moduleId).toBe("ORGANIZACION");
    expect(log?.detail).toContain(`recordId=${orgA.organization.hexId}`);
    // Empty optional fields clear what was there.
    const cleared = await call(putProfile, "/api/organization/profile", {
      method: "PUT",
      body: { ...validProfile, contactEmail: "", website: null, address: undefined },
      token: adminA,
    });
    expect(cleared.body).toMatchObject({ contactEmail: null, website: null, address: null, contactPhone: "+34600112233" });
  });

  it("refuses a colour that is not #rgb or #rrggbb, in the caller's language, and changes nothing", async () => {
    for (const bad of ["red", "#12345", "#0f766e;x", "url(javascript:1)", "#GGGGGG"]) {
      const { status, body } = await call(putProfile, "/api/organization/profile", {
        method: "PUT",
        body: { ...validProfile, primaryColor: bad },
        token: adminA,
      });
      expect(status, bad).toBe(400);
      expect(body).toMatchObject({ errorCode: "ORG_COLOR_INVALID", field: "primaryColor" });
    }
    const english = await call(putProfile, "/api/organization/profile", {
      method: "PUT",
      body: { ...validProfile, secondaryColor: "verde" },
      token: adminA,
      headers: { "accept-language": "en-US" },
    });
    expect(english.body).toMatchObject({ errorCode: "ORG_COLOR_INVALID", field: "secondaryColor" });
    expect(english.body.message).toMatch(/colour is not valid/);
    const spanish = await call(putProfile, "/api/organization/profile", {
      method: "PUT",
      body: { ...validProfile, secondaryColor: "verde" },
      token: adminA,
      headers: { "accept-language": "es-ES" },
    });
    expect(spanish.body.message).toMatch(/color no es válido/);
    expect(await getConfigValue(orgA.organization.id, "ui_sign_color")).toBe("#1d4ed8;#93c5fd");
  });

  it("refuses a time zone that is not an IANA zone, and other bad fields", async () => {
    for (const bad of ["Europe/Atlantis", "GMT+25", "Madrid", "../etc/passwd"]) {
      const { status, body } = await call(putProfile, "/api/organization/profile", {
        method: "PUT",
        body: { ...validProfile, timezone: bad },
        token: adminA,
      });
      expect(status, bad).toBe(400);
      expect(body).toMatchObject({ errorCode: "ORG_TIMEZONE_INVALID", field: "timezone" });
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ defaultLanguage: "fr-fr" }, "VALIDATION_FAILED"],
      [{ name: "" }, "EMPTY_FIELD"],
      [{ contactEmail: "no-es-correo" }, "INVALID_EMAIL"],
      [{ contactPhone: "600" }, "INVALID_PHONE"],
      [{ website: "javascript:alert(1)" }, "VALIDATION_FAILED"],
      [{ address: "línea\u0000nula" }, "CONTROL_CHARACTER"],
    ];
    for (const [change, code] of cases) {
      const { status, body } = await call(putProfile, "/api/organization/profile", {
        method: "PUT",
        body: { ...validProfile, ...change },
        token: adminA,
      });
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.errorCode, JSON.stringify(change)).toBe(code);
    }
  });

  it("stores a zone by its canonical IANA name", async () => {
    const { status, body } = await call(putProfile, "/api/organization/profile", {
      method: "PUT",
      body: { ...validProfile, timezone: "europe/madrid" },
      token: adminA,
    });
    expect(status).toBe(200);
    expect(body.timezone).toBe("Europe/Madrid");
    expect(await getConfigValue(orgA.organization.id, "organization_tz")).toBe("Europe/Madrid");
  });

  it("needs ORGANIZACION:VIEW to read and ORGANIZACION:UPDATE to change", async () => {
    expect((await call(getProfile, "/api/organization/profile", { token: operatorA })).status).toBe(403);
    expect((await call(getSeal, "/api/organization/seal-certificate", { token: operatorA })).status).toBe(403);
    expect((await call(getProfile, "/api/organization/profile", { token: viewerA })).status).toBe(200);
    expect((await call(getSeal, "/api/organization/seal-certificate", { token: viewerA })).status).toBe(200);
    const put = await call(putProfile, "/api/organization/profile", { method: "PUT", body: validProfile, token: viewerA });
    expect(put.status).toBe(403);
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff0000" } })
        .png()
        .toBuffer(),
    );
    expect((await upload(postLogo, "/api/organization/logo", "POST", { file: { bytes: png, name: "l.png" } }, viewerA)).status).toBe(403);
    expect((await call(deleteLogo, "/api/organization/logo", { method: "DELETE", token: viewerA })).status).toBe(403);
    expect((await upload(putSeal, "/api/organization/seal-certificate", "PUT", { password: "x" }, viewerA)).status).toBe(403);
    expect((await call(deleteSeal, "/api/organization/seal-certificate", { method: "DELETE", token: viewerA })).status).toBe(403);
    expect((await call(getProfile, "/api/organization/profile", {})).status).toBe(401);
  });

  it("keeps each organisation's profile to itself", async () => {
    const b = await call(putProfile, "/api/organization/profile", {
      method: "PUT",
      body: { ...validProfile, name: "Otra organización", primaryColor: "#000000", timezone: "America/Bogota" },
      token: adminB,
    });
    expect(b.body).toMatchObject({ organizationHexId: orgB.organization.hexId, primaryColor: "#000000" });
    const a = await call(getProfile, "/api/organization/profile", { token: adminA });
    expect(a.body).toMatchObject({ organizationHexId: orgA.organization.hexId, name: "Notaría Ejemplo", primaryColor: "#1d4ed8" });
    expect(await organizationTimeZone(orgA.organization.id)).toBe("Europe/Madrid");
    expect(await lastLog(orgA, "ORGANIZATION_PROFILE_UPDATE")).toMatchObject({ organizationId: orgA.organization.id });
  });
});

describe("organisation logo", () => {
  it("re-encodes an uploaded image as a PNG fitted into 512 px, served by the public logo URL", async () => {
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#336699" } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: "secreto" } } })
        .toBuffer(),
    );
    const { status, body } = await upload(
      postLogo,
      "/api/organization/logo",
      "POST",
      { file: { bytes: jpeg, name: "logo.jpg", type: "image/jpeg" } },
      adminA,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ hasLogo: true });
    const organization = await db.organization.findUniqueOrThrow({ where: { id: orgA.organization.id } });
    const served = await sendRequest(publicLogo, new NextRequest(`http://127.0.0.1:3000/api/organizations/${organization.hexId}/logo`));
    expect(served.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["png", 512, 256, undefined]);
    expect(bytes.includes(Buffer.from("secreto"))).toBe(false);
    expect(await lastLog(orgA, "ORGANIZATION_LOGO_UPDATE")).toBeTruthy();
    // Organisation B still shows Rúbrica's.
    expect((await call(getProfile, "/api/organization/profile", { token: adminB })).body.hasLogo).toBe(false);
  });

  it("refuses what is not a raster image, a broken one, none at all and one too large", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const text = new TextEncoder().encode("no soy una imagen");
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#00ff00" } })
      .png()
      .toBuffer();
    const truncated = new Uint8Array(png.subarray(0, 40));
    for (const [bytes, name] of [
      [svg, "logo.svg"],
      [text, "logo.png"],
      [truncated, "broken.png"],
    ] as const) {
      const { status, body } = await upload(
        postLogo,
        "/api/organization/logo",
        "POST",
        { file: { bytes, name, type: "image/png" } },
        adminA,
      );
      expect(status, name).toBe(400);
      expect(body.errorCode, name).toBe("ORG_LOGO_INVALID");
    }
    const none = await upload(postLogo, "/api/organization/logo", "POST", {}, adminA);
    expect(none).toMatchObject({ status: 400, body: { errorCode: "ORG_LOGO_REQUIRED" } });
    // A field the form does not declare is named, not taken for a missing file.
    const other = await upload(postLogo, "/api/organization/logo", "POST", { other: "x" }, adminA);
    expect(other).toMatchObject({ status: 400, body: { errorCode: "VALIDATION_FAILED", field: "other" } });
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(png);
    const tooLarge = await upload(postLogo, "/api/organization/logo", "POST", { file: { bytes: big, name: "big.png" } }, adminA, "en-US");
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ errorCode: "ORG_LOGO_TOO_LARGE" });
    expect(tooLarge.body.message).toContain("2 MB");
  });

  it("removes the logo: Rúbrica's is shown again", async () => {
    const { status, body } = await call(deleteLogo, "/api/organization/logo", { method: "DELETE", token: adminA });
    expect(status).toBe(200);
    expect(body.hasLogo).toBe(false);
    expect(await lastLog(orgA, "ORGANIZATION_LOGO_DELETE")).toBeTruthy();
  });
});

const needs = "needs the openssl command line";

describe("organisation seal certificate", () => {
  it.skipIf(!hasOpenssl)(`keeps a PKCS#12 encrypted and shows its subject, issuer, serial and expiry (${needs})`, async () => {
    expect((await call(getSeal, "/api/organization/seal-certificate", { token: adminA })).body).toEqual({ certificate: null });
    const p12 = pki!.pkcs12("/C=ES/O=Notaria Ejemplo/CN=Sello Notaria Ejemplo", "clave-secreta-1");
    const bytes = new Uint8Array(readFileSync(p12.path));
    const { status, body } = await upload<{ certificate: Record<string, unknown> }>(
      putSeal,
      "/api/organization/seal-certificate",
      "PUT",
      { file: { bytes, name: "sello.p12", type: "application/x-pkcs12" }, password: "clave-secreta-1" },
      adminA,
    );
    expect(status).toBe(200);
    expect(body.certificate).toMatchObject({
      subject: "C=ES, O=Notaria Ejemplo, CN=Sello Notaria Ejemplo",
      issuer: "C=ES, O=Rubrica Pruebas, CN=Rubrica Pruebas CA",
      // The test CA issues for two days: it expires soon.
      expiringSoon: true,
      expired: false,
    });
    expect(body.certificate.serialNumber).toMatch(/^[0-9A-F]+$/);
    expect(new Date(body.certificate.notAfter as string).getTime()).toBeGreaterThan(Date.now());
    const answer = JSON.stringify(body);
    expect(answer).not.toContain("clave-secreta-1");
    expect(answer).not.toContain("PRIVATE");
    // At rest: neither the password nor the file in the clear.
    const row = await db.organizationSealCertificate.findUniqueOrThrow({ where: { organizationId: orgA.organization.id } });
    expect(row.encryptedPassword).not.toContain("clave-secreta-1");
    expect(row.encryptedPassword.startsWith("v1.")).toBe(true);
    expect(row.encryptedPkcs12).not.toContain(Buffer.from(bytes).toString("base64").slice(0, 40));
    expect(row.encryptedPkcs12.startsWith("v1.")).toBe(true);
    const credentials = await organizationSealCredentials(orgA.organization.id);
    expect(
      Buffer.from(credentials!.certificate).equals(
        Buffer.from(new (await import("node:crypto")).X509Certificate(readFileSync(p12.cert)).raw),
      ),
    ).toBe(true);
    expect((await lastLog(orgA, "SEAL_CERTIFICATE_UPLOAD"))?.detail).not.toContain("clave-secreta-1");
    const shown = await call(getSeal, "/api/organization/seal-certificate", { token: viewerA });
    expect(shown.body).toEqual(body);
  });

  it.skipIf(!hasOpenssl)(
    `refuses a wrong password, legacy encryption, a file with no key, an expired or future certificate, in both languages (${needs})`,
    async () => {
      const p12 = pki!.pkcs12("/C=ES/CN=Sello Dos", "buena");
      const good = new Uint8Array(readFileSync(p12.path));
      const refuse = async (bytes: Uint8Array, password: string, locale = "es-ES") =>
        upload(putSeal, "/api/organization/seal-certificate", "PUT", { file: { bytes, name: "s.p12" }, password }, adminB, locale);

      const wrong = await refuse(good, "mala");
      expect(wrong).toMatchObject({ status: 400, body: { errorCode: "SEAL_CERT_WRONG_PASSWORD" } });
      expect(wrong.body.message).toMatch(/contraseña es incorrecta/);
      const wrongEnglish = await refuse(good, "mala", "en-US");
      expect(wrongEnglish.body.message).toMatch(/password is wrong/);
      expect((await refuse(new TextEncoder().encode("no es un pkcs12"), "buena")).body.errorCode).toBe("SEAL_CERT_WRONG_PASSWORD");

      const legacy = pki!.pkcs12("/C=ES/CN=Sello Antiguo", "buena", { legacy: true });
      const legacyAnswer = await refuse(new Uint8Array(readFileSync(legacy.path)), "buena", "en-US");
      expect(legacyAnswer.body).toMatchObject({ errorCode: "SEAL_CERT_LEGACY" });
      expect(legacyAnswer.body.message).toContain("openssl pkcs12 -legacy");

      const noKey = await refuse(files!.withoutKey(p12.cert, "buena"), "buena");
      expect(noKey.body).toMatchObject({ errorCode: "SEAL_CERT_NO_KEY" });
      expect(noKey.body.message).toMatch(/clave privada/);

      const expired = await refuse(files!.dated("/CN=Sello Caducado", "buena", "20200101000000Z", "20210101000000Z"), "buena");
      expect(expired.body).toMatchObject({ errorCode: "SEAL_CERT_EXPIRED", message: "El certificado caducó el 2021-01-01." });
      const expiredEnglish = await refuse(
        files!.dated("/CN=Sello Caducado", "buena", "20200101000000Z", "20210101000000Z"),
        "buena",
        "en-US",
      );
      expect(expiredEnglish.body.message).toBe("The certificate expired on 2021-01-01.");
      const future = await refuse(files!.dated("/CN=Sello Futuro", "buena", "20400101000000Z", "20410101000000Z"), "buena");
      expect(future.body).toMatchObject({ errorCode: "SEAL_CERT_NOT_YET_VALID" });

      const missing = await upload(putSeal, "/api/organization/seal-certificate", "PUT", { password: "buena" }, adminB);
      expect(missing.body).toMatchObject({ errorCode: "SEAL_CERT_REQUIRED" });
      const big = new Uint8Array(65 * 1024);
      expect((await refuse(big, "buena")).status).toBe(413);
      // Nothing was kept for B, and A's certificate is untouched.
      expect(await db.organizationSealCertificate.count({ where: { organizationId: orgB.organization.id } })).toBe(0);
    },
  );

  it.skipIf(!hasOpenssl)(`is each organisation's own: B neither sees nor removes A's (${needs})`, async () => {
    expect((await call(getSeal, "/api/organization/seal-certificate", { token: adminB })).body).toEqual({ certificate: null });
    const b = await call(deleteSeal, "/api/organization/seal-certificate", { method: "DELETE", token: adminB });
    expect(b).toMatchObject({ status: 404, body: { errorCode: "SEAL_CERT_NOT_FOUND" } });
    expect(await db.organizationSealCertificate.count({ where: { organizationId: orgA.organization.id } })).toBe(1);
    expect(await organizationSealCredentials(orgB.organization.id)).toBeNull();
  });

  it.skipIf(!hasOpenssl)(`is removed: the organisation seals with the platform's certificate again (${needs})`, async () => {
    const { status, body } = await call(deleteSeal, "/api/organization/seal-certificate", { method: "DELETE", token: adminA });
    expect(status).toBe(200);
    expect(body).toEqual({ deleted: true });
    expect((await call(getSeal, "/api/organization/seal-certificate", { token: adminA })).body).toEqual({ certificate: null });
    expect(await organizationSealCredentials(orgA.organization.id)).toBeNull();
    expect(await lastLog(orgA, "SEAL_CERTIFICATE_DELETE")).toBeTruthy();
  });
});
