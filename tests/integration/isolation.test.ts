import { beforeAll, describe, expect, it } from "vitest";
import { GET as sessionLogs } from "@/app/api/data/viewSessionLogs/route";
import { GET as listOperations, POST as saveOperation } from "@/app/api/data/operationLogs/route";
import { GET as getConfigValue } from "@/app/api/system/getConfigValue/[name]/route";
import { POST as postConfigValue } from "@/app/api/system/getConfigValue/route";
import { GET as findOneByName } from "@/app/api/configs/search/findOneByName/route";
import { GET as listMethods } from "@/app/api/mfa/methods/route";
import { POST as activate } from "@/app/api/mfa/methods/[type]/activate/route";
import { POST as profile } from "@/app/api/profile/route";
import { GET as session } from "@/app/api/session/route";
import { POST as refresh } from "@/app/api/token/refresh/route";
import * as organizationsRoute from "@/app/api/organizations/route";
import * as organizationRoute from "@/app/api/organizations/[organizationHexId]/route";
import * as disableOrganizationRoute from "@/app/api/organizations/[organizationHexId]/disable/route";
import * as enableOrganizationRoute from "@/app/api/organizations/[organizationHexId]/enable/route";
import * as managersRoute from "@/app/api/organizations/[organizationHexId]/managers/route";
import { db } from "@/lib/db/client";
import { call } from "../support/http";
import { createTestOrganization, createTestUser } from "../support/fixtures";
import { handlerTenancies, routeFolders } from "../support/route-list";
import { notOperationTenancy } from "../support/undescribed-handlers";
import { signIn } from "../support/sign-in";

/**
 * Every route handler under app/api has a tenancy class (lib/openapi/registry.ts, Tenancy) in its
 * descriptor: public, signerLink, self, organization or platform. Those that touch organisation
 * data have cross-organisation cases in the integration tests of their domain.
 */
const tenancies = handlerTenancies();
/** Each route folder's classes, one per method. */
const folderTenancies = new Map<string, Set<string>>();
for (const [key, tenancy] of Object.entries({ ...tenancies, ...notOperationTenancy })) {
  const folder = key.includes(" ") ? key.split(" ")[1]! : key;
  folderTenancies.set(folder, (folderTenancies.get(folder) ?? new Set()).add(tenancy));
}

let tokenA: string;
let tokenB: string;
let orgA: Awaited<ReturnType<typeof createTestOrganization>>;
let orgB: Awaited<ReturnType<typeof createTestOrganization>>;
let userB: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const userA = await createTestUser(orgA);
  userB = await createTestUser(orgB);
  tokenA = await signIn(userA.email);
  tokenB = await signIn(userB.email);
});

describe("organisation isolation", () => {
  it("classifies every route handler", () => {
    expect(routeFolders().sort()).toEqual([...folderTenancies.keys()].sort());
  });

  it("platform handlers refuse every caller but a platform administrator with 403", async () => {
    const modules: Record<string, Record<string, unknown>> = {
      organizations: organizationsRoute,
      "organizations/[organizationHexId]": organizationRoute,
      "organizations/[organizationHexId]/disable": disableOrganizationRoute,
      "organizations/[organizationHexId]/enable": enableOrganizationRoute,
      "organizations/[organizationHexId]/managers": managersRoute,
    };
    const platformRoutes = [...folderTenancies].filter(([, classes]) => classes.has("platform")).map(([folder]) => folder);
    expect(platformRoutes.sort()).toEqual(Object.keys(modules).sort());
    const organizationHexId = orgB.organization.hexId;
    for (const route of platformRoutes) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const handler = modules[route]![method];
        if (typeof handler !== "function") continue;
        const path = `/api/${route.replace("[organizationHexId]", organizationHexId)}`;
        const body = method === "GET" || method === "DELETE" ? undefined : { name: "Intrusa", country: "ES", timezone: "UTC" };
        for (const token of [tokenA, tokenB]) {
          const answer = await call(handler, path, { method, body, token, params: { organizationHexId } });
          expect({ route, method, status: answer.status, errorCode: answer.body.errorCode }).toEqual({
            route,
            method,
            status: 403,
            errorCode: "FORBIDDEN",
          });
        }
      }
    }
    expect(await db.organization.count({ where: { name: "Intrusa" } })).toBe(0);
  });

  it("session logs show only the caller's organisation", async () => {
    const { body } = await call<{ _embedded: { viewSessionLogs: { userName: string }[] } }>(sessionLogs, "/api/data/viewSessionLogs", {
      query: { size: "100" },
      token: tokenA,
    });
    const names = body._embedded.viewSessionLogs.map((l) => l.userName);
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain(userB.email);
  });

  it("operation logs show only the caller's organisation, and new rows land in it", async () => {
    await call(saveOperation, "/api/data/operationLogs", { body: { moduleId: "CONTACTO", operationEventId: "ONLY_B" }, token: tokenB });
    const { body } = await call<{ _embedded: { operationLogs: { operationEventId: string; organizationId: string }[] } }>(
      listOperations,
      "/api/data/operationLogs",
      { query: { size: "100" }, token: tokenA },
    );
    expect(body._embedded.operationLogs.map((l) => l.operationEventId)).not.toContain("ONLY_B");
    expect(new Set(body._embedded.operationLogs.map((l) => l.organizationId))).toEqual(new Set([orgA.organization.hexId]));
  });

  it("configuration values are read from the caller's organisation only", async () => {
    await db.configValue.create({ data: { organizationId: orgB.organization.id, name: "default_page_size", value: "77" } });
    await db.configValue.create({ data: { organizationId: orgB.organization.id, name: "ui_sign_color", value: "#111111;#222222" } });
    await db.configValue.create({ data: { organizationId: orgB.organization.id, name: "session_time", value: "480" } });
    expect(
      (await call(findOneByName, "/api/configs/search/findOneByName", { query: { configName: "default_page_size" }, token: tokenA })).body
        .value,
    ).toBe("10");
    expect(
      (await call(findOneByName, "/api/configs/search/findOneByName", { query: { configName: "default_page_size" }, token: tokenB })).body
        .value,
    ).toBe("77");
    expect(
      (await call(postConfigValue, "/api/system/getConfigValue", { body: { nameVars: ["ui_sign_color"] }, token: tokenA })).body
        .ui_sign_color,
    ).not.toBe("#111111;#222222");
    expect(
      (await call(getConfigValue, "/api/system/getConfigValue/session_time", { token: tokenA, params: { name: "session_time" } })).body
        .value,
    ).toBe("600");
  });

  it("self handlers act on the caller only", async () => {
    await call(activate, "/api/mfa/methods/EMAIL/activate", { body: {}, token: tokenB, params: { type: "EMAIL" } });
    const methodsA = await call<{ _embedded: { methods: { type: string; target: string | null }[] } }>(listMethods, "/api/mfa/methods", {
      token: tokenA,
    });
    expect(methodsA.body._embedded.methods.find((m) => m.type === "EMAIL")?.target).not.toContain(userB.email.slice(1));
    const before = await db.user.findUniqueOrThrow({ where: { id: userB.id } });
    await call(profile, "/api/profile", { body: { firstName: "Cambiado", lastName: "Por A", cellPhone: "+34611111999" }, token: tokenA });
    const after = await db.user.findUniqueOrThrow({ where: { id: userB.id } });
    expect(after.firstName).toBe(before.firstName);
    const refreshed = await call(refresh, "/api/token/refresh", { body: {}, token: tokenA });
    expect((await call<{ exp: number }>(session, "/api/session", { token: refreshed.body.token as string })).status).toBe(200);
  });
});

describe("cookie-authenticated writes", () => {
  it("are refused from another origin and accepted from the site's own", async () => {
    const { encode } = await import("next-auth/jwt");
    const cookie = await encode({ token: { apiToken: tokenA }, secret: process.env.AUTH_SECRET! });
    const body = { firstName: "Mismo", lastName: "Origen", cellPhone: "+34611111888" };
    const headers = { cookie: `next-auth.session-token=${cookie}`, host: "rubrica.example" };
    const foreign = await call(profile, "/api/profile", { body, headers: { ...headers, origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const own = await call(profile, "/api/profile", { body, headers: { ...headers, origin: "https://rubrica.example" } });
    expect(own.status).toBe(200);
  });

  it("are refused with 403 when the Origin is null or no URL at all", async () => {
    const { encode } = await import("next-auth/jwt");
    const cookie = await encode({ token: { apiToken: tokenA }, secret: process.env.AUTH_SECRET! });
    const body = { firstName: "Sin", lastName: "Origen", cellPhone: "+34611111777" };
    const headers = { cookie: `next-auth.session-token=${cookie}`, host: "rubrica.example" };
    for (const origin of ["null", "not a url", "https://"]) {
      const answer = await call(profile, "/api/profile", { body, headers: { ...headers, origin } });
      expect({ origin, status: answer.status, errorCode: answer.body.errorCode }).toEqual({ origin, status: 403, errorCode: "FORBIDDEN" });
    }
  });
});
