import { beforeAll, describe, expect, it } from "vitest";
import { GET as getSettings, PUT as putSettings } from "@/app/api/organization/settings/route";
import { configDefaults, getConfigNumber, getConfigValue, getConfigValues } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { settingDescriptors, settingNames, type CaptureSettingsValues } from "@/lib/settings/capture-settings-schemas";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call } from "../support/http";
import { signIn } from "../support/sign-in";

/**
 * /setting's REST calls: the organisation's capture settings with their defaults, each bound refused in both
 * languages, platform-only settings, permissions, isolation, the operation log, and that the product uses what is saved.
 */

type View = { values: CaptureSettingsValues; defaults: CaptureSettingsValues; platformEditable: boolean };
type Failure = { errorCode: string; message: string; field?: string; min?: number; max?: number };

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let adminB: string;
let platformA: string;
let operatorA: string;
let viewerA: string;

const put = (token: string, body: unknown, locale?: string) =>
  call<View & Failure>(putSettings, "/api/organization/settings", {
    method: "PUT",
    body,
    token,
    ...(locale ? { headers: { "accept-language": locale } } : {}),
  });

const logs = (org: TestOrganization) =>
  db.operationLog.findMany({ where: { organizationId: org.organization.id, operationEventId: "SETTINGS_UPDATE" }, orderBy: { id: "asc" } });

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const viewerRole = await db.role.create({
    data: {
      organizationId: orgA.organization.id,
      name: "Solo ver organización",
      privileges: { create: [{ module: "ORGANIZACION", canView: true }] },
    },
  });
  const [a, b, platform, operator, viewer] = await Promise.all([
    createTestUser(orgA),
    createTestUser(orgB),
    createTestUser(orgA, { platformAdmin: true }),
    createTestUser(orgA, { role: "operator" }),
    createTestUser(orgA, { role: "none" }),
  ]);
  await db.user.update({ where: { id: viewer.id }, data: { roleId: viewerRole.id } });
  [adminA, adminB, platformA, operatorA, viewerA] = await Promise.all([
    signIn(a.email),
    signIn(b.email),
    signIn(platform.email),
    signIn(operator.email),
    signIn(viewer.email),
  ]);
}, 60_000);

describe("capture settings", () => {
  it("reads the defaults of a fresh organisation", async () => {
    const { status, body } = await call<View>(getSettings, "/api/organization/settings", { token: adminA });
    expect(status).toBe(200);
    expect(body.platformEditable).toBe(false);
    expect(Object.keys(body.values).sort()).toEqual([...settingNames].sort());
    expect(body.values).toMatchObject({
      max_upload_mb: Number(configDefaults.max_upload_mb),
      max_link_uses: Number(configDefaults.max_link_uses),
      max_capture_attempts: Number(configDefaults.max_capture_attempts),
      idcard_image_quality: Number(configDefaults.idcard_image_quality),
      canvas_width_height: configDefaults.canvas_width_height,
      janus_on_all_devices: false,
      snippet_active: false,
      snippet_html: "",
      face_match_threshold: Number(configDefaults.face_match_threshold),
    });
    expect(body.defaults).toEqual(body.values);
    const platform = await call<View>(getSettings, "/api/organization/settings", { token: platformA });
    expect(platform.body.platformEditable).toBe(true);
  });

  it("saves values, which the product then uses, with one operation-log row per change", async () => {
    const before = (await logs(orgA)).length;
    const { status, body } = await put(adminA, {
      max_upload_mb: 20,
      max_link_uses: 3,
      max_capture_attempts: 5,
      idcard_image_quality: 0.8,
      canvas_width_height: "0360;640",
      janus_server_url: "wss://janus.example.test/ws",
      janus_on_all_devices: true,
      atom_plugin_company: "  Ejemplo SA  ",
      // Unchanged: no row.
      drawing_step: Number(configDefaults.drawing_step),
    });
    expect(status).toBe(200);
    expect(body.values).toMatchObject({
      max_upload_mb: 20,
      max_link_uses: 3,
      max_capture_attempts: 5,
      idcard_image_quality: 0.8,
      canvas_width_height: "360;640",
      janus_server_url: "wss://janus.example.test/ws",
      janus_on_all_devices: true,
      atom_plugin_company: "Ejemplo SA",
    });
    expect(body.defaults.max_upload_mb).toBe(Number(configDefaults.max_upload_mb));
    expect(await getConfigNumber(orgA.organization.id, "max_upload_mb")).toBe(20);
    expect(await getConfigNumber(orgA.organization.id, "max_link_uses")).toBe(3);
    expect(await getConfigNumber(orgA.organization.id, "max_capture_attempts")).toBe(5);
    expect(await getConfigValues(orgA.organization.id, ["janus_on_all_devices", "idcard_image_quality"])).toEqual({
      janus_on_all_devices: "true",
      idcard_image_quality: "0.8",
    });
    const rows = (await logs(orgA)).slice(before);
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.moduleId === "ORGANIZACION")).toBe(true);
    const detail = rows.map((r) => r.detail).join("\n");
    expect(detail).toContain("recordId=max_upload_mb");
    expect(detail).toContain("action=SETTINGS_UPDATE max_link_uses=3");
    expect(detail).not.toContain("recordId=drawing_step");
    // Saving the same values again changes nothing and logs nothing.
    await put(adminA, { max_upload_mb: 20, max_link_uses: 3 });
    expect(await logs(orgA)).toHaveLength(before + 8);
    const read = await call<View>(getSettings, "/api/organization/settings", { token: adminA });
    expect(read.body.values.max_upload_mb).toBe(20);
  });

  it("refuses every numeric setting below its minimum and above its maximum, with the bounds, in Spanish and English", async () => {
    for (const name of settingNames) {
      const d = settingDescriptors[name];
      if (d.kind !== "integer" && d.kind !== "decimal") continue;
      for (const bad of [d.min - (d.kind === "integer" ? 1 : 0.01), d.max + (d.kind === "integer" ? 1 : 0.01)]) {
        const body = { [name]: bad };
        const token = "platformOnly" in d ? platformA : adminA;
        const es = await put(token, body, "es-ES");
        expect(es.status, `${name}=${bad}`).toBe(400);
        expect(es.body).toMatchObject({ errorCode: "SETTINGS_OUT_OF_BOUNDS", field: name, min: d.min, max: d.max });
        expect(es.body.message).toBe(
          `Alguna de las configuraciones tiene un valor inválido: ${name} debe estar entre ${d.min} y ${d.max}.`,
        );
        const en = await put(token, body, "en-US");
        expect(en.body.message).toBe(`One of the settings has an invalid value: ${name} must be between ${d.min} and ${d.max}.`);
      }
    }
    // Integers must be whole, numbers must be numbers.
    expect((await put(adminA, { max_link_uses: 2.5 })).body).toMatchObject({ errorCode: "SETTINGS_OUT_OF_BOUNDS", field: "max_link_uses" });
    expect((await put(adminA, { max_upload_mb: "20" })).body).toMatchObject({
      errorCode: "SETTINGS_OUT_OF_BOUNDS",
      field: "max_upload_mb",
    });
    expect(await getConfigNumber(orgA.organization.id, "max_upload_mb")).toBe(20);
  });

  it("refuses bad sizes, URLs, booleans, text and unknown names, in both languages, and saves nothing of a refused request", async () => {
    for (const bad of ["360x640", "50;640", "360;5000", "360;", "abc"]) {
      const { status, body } = await put(adminA, { max_link_uses: 9, idcard_canvas_size: bad }, "es-ES");
      expect(status, bad).toBe(400);
      expect(body).toMatchObject({ errorCode: "SETTINGS_SIZE_INVALID", field: "idcard_canvas_size", min: 100, max: 4096 });
      expect(body.message).toContain("ancho;alto");
    }
    const english = await put(adminA, { canvas_width_height_desktop: "1x1" }, "en-US");
    expect(english.body.message).toBe(
      "One of the settings has an invalid value: canvas_width_height_desktop must be width;height, each between 100 and 4096 pixels.",
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ janus_server_url: "http://janus.example.test" }, "janus_server_url"],
      [{ janus_server_url: "javascript:alert(1)" }, "janus_server_url"],
      [{ janus_on_all_devices: "yes" }, "janus_on_all_devices"],
      [{ atom_plugin_id: "x".repeat(121) }, "atom_plugin_id"],
      [{ atom_plugin_company: "a\tb" }, "atom_plugin_company"],
      [{ session_time: "1" }, "session_time"],
    ];
    for (const [body, field] of cases) {
      const es = await put(adminA, body, "es-ES");
      expect(es.status, field).toBe(400);
      expect(es.body).toMatchObject({ errorCode: "SETTINGS_VALUE_INVALID", field });
      expect(es.body.message).toBe(`Alguna de las configuraciones tiene un valor inválido: ${field}.`);
      const en = await put(adminA, body, "en-US");
      expect(en.body.message).toBe(`One of the settings has an invalid value: ${field}.`);
    }
    // Other control characters are refused before the settings' own rules (lib/validation/text.ts).
    expect((await put(adminA, { atom_plugin_company: "a\u0000b" })).body).toMatchObject({
      errorCode: "CONTROL_CHARACTER",
      field: "atom_plugin_company",
    });
    expect(await getConfigNumber(orgA.organization.id, "max_link_uses")).toBe(3);
    expect(await getConfigValue(orgA.organization.id, "session_time")).toBe(configDefaults.session_time);
  });

  it("lets only a platform administrator change the snippet and face-check settings", async () => {
    for (const body of [
      { snippet_active: true },
      { snippet_html: "<p>x</p>" },
      { snippet_javascript: "1" },
      { face_match_threshold: 0.4 },
    ]) {
      const field = Object.keys(body)[0];
      const es = await put(adminA, { max_link_uses: 7, ...body }, "es-ES");
      expect(es.status, field).toBe(403);
      expect(es.body).toMatchObject({ errorCode: "SETTINGS_PLATFORM_ONLY", field });
      expect(es.body.message).toBe(`Solo un administrador de la plataforma puede cambiar ${field}.`);
      const en = await put(adminA, body, "en-US");
      expect(en.body.message).toBe(`Only a platform administrator can change ${field}.`);
    }
    expect(await getConfigNumber(orgA.organization.id, "max_link_uses")).toBe(3);
    expect(await getConfigValue(orgA.organization.id, "snippet_active")).toBe("false");

    const before = (await logs(orgA)).length;
    const script = "console.log('hola');";
    const { status, body } = await put(platformA, {
      snippet_active: true,
      snippet_html: "<div id='chat'></div>",
      snippet_javascript: script,
      face_match_threshold: 0.45,
    });
    expect(status).toBe(200);
    expect(body.values).toMatchObject({ snippet_active: true, snippet_javascript: script, face_match_threshold: 0.45 });
    expect(await getConfigValues(orgA.organization.id, ["snippet_active", "face_match_threshold"])).toEqual({
      snippet_active: "true",
      face_match_threshold: "0.45",
    });
    const rows = (await logs(orgA)).slice(before);
    expect(rows).toHaveLength(4);
    // The snippet's code is not copied into the log.
    expect(rows.map((r) => r.detail).join("\n")).not.toContain("console.log");
    // The organisation's administrator still sees them.
    const read = await call<View>(getSettings, "/api/organization/settings", { token: adminA });
    expect(read.body.values.snippet_html).toBe("<div id='chat'></div>");
  });

  it("keeps each organisation's settings to itself", async () => {
    const b = await call<View>(getSettings, "/api/organization/settings", { token: adminB });
    expect(b.body.values.max_upload_mb).toBe(Number(configDefaults.max_upload_mb));
    expect(b.body.values.snippet_active).toBe(false);
    expect((await put(adminB, { max_upload_mb: 7 })).status).toBe(200);
    expect(await getConfigNumber(orgB.organization.id, "max_upload_mb")).toBe(7);
    expect(await getConfigNumber(orgA.organization.id, "max_upload_mb")).toBe(20);
    expect(await getConfigNumber(null, "max_upload_mb")).toBe(Number(configDefaults.max_upload_mb));
    expect((await logs(orgB)).map((r) => r.detail).join("\n")).toContain("recordId=max_upload_mb");
    expect((await logs(orgB)).length).toBe(1);
  });

  it("refuses callers without ORGANIZACION:UPDATE, and anonymous callers", async () => {
    for (const token of [operatorA, viewerA]) {
      expect((await call(getSettings, "/api/organization/settings", { token })).status).toBe(403);
      const refused = await put(token, { max_upload_mb: 1 });
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe("FORBIDDEN");
    }
    expect((await call(getSettings, "/api/organization/settings", {})).status).toBe(401);
    expect((await put("", { max_upload_mb: 1 })).status).toBe(401);
    expect(await getConfigNumber(orgA.organization.id, "max_upload_mb")).toBe(20);
  });
});
