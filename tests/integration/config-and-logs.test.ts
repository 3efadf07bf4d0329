import { beforeAll, describe, expect, it } from "vitest";
import { POST as authenticate } from "@/app/api/authenticate/route";
import { GET as getConfigValue } from "@/app/api/system/getConfigValue/[name]/route";
import { POST as postConfigValue } from "@/app/api/system/getConfigValue/route";
import { GET as findOneByName } from "@/app/api/configs/search/findOneByName/route";
import { GET as sessionLogs } from "@/app/api/data/viewSessionLogs/route";
import { GET as listOperations, POST as saveOperation } from "@/app/api/data/operationLogs/route";
import { captureConfigKeys } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { call } from "../support/http";
import { createTestOrganization, createTestUser, testPassword, type TestOrganization } from "../support/fixtures";

let org: TestOrganization;
let adminToken: string;
let operatorToken: string;
let adminId: number;

beforeAll(async () => {
  org = await createTestOrganization();
  const admin = await createTestUser(org);
  const operator = await createTestUser(org, { role: "operator" });
  adminId = admin.id;
  adminToken = (await call(authenticate, "/api/authenticate", { body: { username: admin.email, password: testPassword } })).body
    .token as string;
  operatorToken = (await call(authenticate, "/api/authenticate", { body: { username: operator.email, password: testPassword } })).body
    .token as string;
});

describe("system configuration (spec §7, §9)", () => {
  it("serves session_time, organization_tz and {product}_base_url, the organisation's value over the default", async () => {
    expect(
      (await call(getConfigValue, "/api/system/getConfigValue/session_time", { token: adminToken, params: { name: "session_time" } })).body,
    ).toEqual({ name: "session_time", value: "600" });
    expect(
      (await call(getConfigValue, "/api/system/getConfigValue/organization_tz", { token: adminToken, params: { name: "organization_tz" } }))
        .body.value,
    ).toBe("UTC");
    await db.configValue.create({ data: { organizationId: org.organization.id, name: "organization_tz", value: "America/Bogota" } });
    expect(
      (await call(getConfigValue, "/api/system/getConfigValue/organization_tz", { token: adminToken, params: { name: "organization_tz" } }))
        .body.value,
    ).toBe("America/Bogota");
    expect(
      (
        await call(getConfigValue, "/api/system/getConfigValue/rubrica_base_url", {
          token: adminToken,
          params: { name: "rubrica_base_url" },
        })
      ).body.value,
    ).toBe("http://127.0.0.1:3000");
  });

  it("keeps organisation settings from anonymous callers", async () => {
    const anonymous = await call(getConfigValue, "/api/system/getConfigValue/session_time", { params: { name: "session_time" } });
    expect(anonymous.status).toBe(401);
  });

  it("answers the capture configuration for nameVars, with defaults for every key of spec §3", async () => {
    const { status, body } = await call(postConfigValue, "/api/system/getConfigValue", {
      body: { nameVars: [...captureConfigKeys] },
      token: adminToken,
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([...captureConfigKeys].sort());
    expect(body.ui_sign_color).toMatch(/^#[0-9a-f]{6};#[0-9a-f]{6}$/i);
    expect(Number(body.max_capture_attempts)).toBeGreaterThan(0);
    const unknown = await call(postConfigValue, "/api/system/getConfigValue", { body: { nameVars: ["DATABASE_URL"] }, token: adminToken });
    expect(unknown.status).toBe(404);
  });

  it("answers default_page_size and default_idle_timeout through findOneByName", async () => {
    const page = await call(findOneByName, "/api/configs/search/findOneByName", {
      query: { configName: "default_page_size" },
      token: adminToken,
    });
    expect(page.body).toEqual({ name: "default_page_size", value: "10" });
    const idle = await call(findOneByName, "/api/configs/search/findOneByName", {
      query: { configName: "default_idle_timeout" },
      token: adminToken,
    });
    expect(idle.body).toEqual({ name: "default_idle_timeout", value: "30" });
  });
});

describe("operation and session logs (spec §3, §7)", () => {
  it("records a staff action with the caller's user and organisation from the token, whatever the body says", async () => {
    const saved = await call(saveOperation, "/api/data/operationLogs", {
      body: {
        moduleId: "DOCUMENTO",
        operationEventId: "EXPORT_PDF",
        recordId: "abc",
        action: "export operations list",
        eventUserId: 1,
        organizationId: 1,
      },
      token: operatorToken,
      ip: "192.0.2.7",
    });
    expect(saved.status).toBe(201);
    expect(saved.body.eventTimestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const row = await db.operationLog.findUniqueOrThrow({ where: { id: saved.body.id as number } });
    expect(row.organizationId).toBe(org.organization.id);
    expect(row.detail).toBe(`ip=192.0.2.7; userId=${row.eventUserId}; recordId=abc; action=export operations list`);
  });

  it("writes a row for every sign-in", async () => {
    const rows = await db.operationLog.findMany({
      where: { organizationId: org.organization.id, operationEventId: "LOGIN", eventUserId: adminId },
    });
    expect(rows.length).toBeGreaterThan(0);
  });

  it("pages the session logs under _embedded.viewSessionLogs, for those allowed to see users", async () => {
    const first = await call<{
      _embedded: { viewSessionLogs: { userName: string; loginTime: string }[] };
      page: { size: number; totalElements: number; number: number };
    }>(sessionLogs, "/api/data/viewSessionLogs", { query: { page: "0", size: "1" }, token: adminToken });
    expect(first.status).toBe(200);
    expect(first.body._embedded.viewSessionLogs).toHaveLength(1);
    expect(first.body.page).toMatchObject({ size: 1, number: 0 });
    expect(first.body.page.totalElements).toBeGreaterThanOrEqual(2);
    expect(first.body._embedded.viewSessionLogs[0]!.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const denied = await call(sessionLogs, "/api/data/viewSessionLogs", { token: operatorToken });
    expect(denied.status).toBe(403);
    expect(denied.body.errorCode).toBe("FORBIDDEN");
    const ops = await call(listOperations, "/api/data/operationLogs", { token: operatorToken });
    expect(ops.status).toBe(403);
  });
});
