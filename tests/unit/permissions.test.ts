import { describe, expect, it } from "vitest";
import { authoritiesFromPrivileges, modules, type ModuleName } from "@/lib/permissions/authorities";
import { defaultRoles } from "@/lib/permissions/default-roles";
import { landingPage, menuFor } from "@/lib/permissions/menu";
import { portalPages, requirementFor, satisfies } from "@/lib/permissions/routes";

const roles = defaultRoles();
const admin = authoritiesFromPrivileges(roles.admin.privileges, false);
const operator = authoritiesFromPrivileges(roles.operator.privileges as never, false);
const platform = authoritiesFromPrivileges([], true);
const nothing: string[] = [];

describe("authorities", () => {
  it("are RESOURCE:ACTION strings for each granted privilege (spec §6)", () => {
    expect(operator).toEqual([
      "DOCUMENTO:VIEW",
      "DOCUMENTO:CREATE",
      "DOCUMENTO:UPDATE",
      "FIRMA:VIEW",
      "CONTACTO:VIEW",
      "CONTACTO:CREATE",
      "CONTACTO:UPDATE",
      "MYSIGN:VIEW",
    ]);
    expect(admin).toHaveLength(modules.length * 6);
    expect(platform).toEqual(["ADMIN:RUBRICA"]);
  });

  it("pick the landing page by the first resource", () => {
    expect(landingPage(admin)).toBe("/dashboard");
    expect(landingPage(["CONTACTO:VIEW"])).toBe("/contacts");
    expect(landingPage(["MYSIGN:VIEW"])).toBe("/inbox");
    expect(landingPage(["ROL:VIEW", "CONTACTO:VIEW"])).toBe("/roles");
    expect(landingPage(nothing)).toBe("/dashboard");
  });
});

// The permission matrix: every portal page against every kind of user.
const expectations: Record<string, { admin: boolean; operator: boolean; platform: boolean; nothing: boolean }> = {};
for (const [segment, requirement] of Object.entries(portalPages)) {
  const byModule = (module: ModuleName, action: string) => operator.includes(`${module}:${action}`);
  expectations[segment] = {
    admin: requirement.kind !== "platformAdmin",
    platform: true,
    operator: requirement.kind === "staff" || (requirement.kind === "privilege" && byModule(requirement.module, requirement.action)),
    nothing: requirement.kind === "staff",
  };
}

describe("permission matrix", () => {
  it.each(Object.entries(expectations))("/%s", (segment, expected) => {
    const requirement = requirementFor(`/${segment}/x`);
    expect(satisfies(admin, requirement)).toBe(expected.admin);
    expect(satisfies(operator, requirement)).toBe(expected.operator);
    expect(satisfies(platform, requirement)).toBe(expected.platform);
    expect(satisfies(nothing, requirement)).toBe(expected.nothing);
  });

  it("spells out the limited role: documents, signatures, contacts and inbox, no administration", () => {
    const allowed = Object.keys(portalPages).filter((s) => satisfies(operator, requirementFor(`/${s}`)));
    expect(allowed.sort()).toEqual(
      [
        "dashboard",
        "docdetail",
        "inbox",
        "logoff",
        "manual",
        "prepare-document",
        "profile",
        "signatures",
        "trading-history",
        "validations",
        "seeValidation",
        "affiliation",
        "seeAfiliation",
        "contacts",
      ].sort(),
    );
  });

  it("lets whoever may use the inbox sign their own document at /docdetail/{id}/mySign, without the shipment's privilege", () => {
    const signerOnly = ["MYSIGN:VIEW"];
    expect(satisfies(signerOnly, requirementFor("/docdetail/abc/mySign"))).toBe(true);
    expect(satisfies(signerOnly, requirementFor("/docdetail/abc"))).toBe(false);
    expect(satisfies(signerOnly, requirementFor("/docdetail/abc/other"))).toBe(false);
    expect(satisfies(["DOCUMENTO:VIEW"], requirementFor("/docdetail/abc/mySign"))).toBe(false);
  });

  it("denies paths it does not know", () => {
    expect(satisfies(admin, requirementFor("/no-such-page"))).toBe(false);
    expect(satisfies(platform, requirementFor("/__proto__"))).toBe(false);
  });
});

describe("menu (spec §2 menu targets)", () => {
  it("differs by role", () => {
    const hrefs = (a: string[]) => menuFor(a).map((e) => e.href);
    expect(hrefs(admin)).toEqual(
      expect.arrayContaining([
        "/inbox",
        "/report/Documentos/1/REPORT_ENVIO",
        "/report/Firmas/2/REPORT_SIGNATURE",
        "/contacts",
        "/info-organization",
        "/notifications",
        "/groups",
        "/users",
        "/roles",
        "/signatures",
      ]),
    );
    expect(hrefs(admin)).not.toContain("/organization");
    expect(hrefs(platform)).toContain("/organization");
    expect(hrefs(operator)).toEqual([
      "/dashboard",
      "/inbox",
      "/signatures",
      "/prepare-document",
      "/validations",
      "/affiliation",
      "/contacts",
      "/manual",
    ]);
    expect(hrefs(nothing)).toEqual(["/dashboard", "/manual"]);
  });
});
