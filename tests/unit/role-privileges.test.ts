import { describe, expect, it } from "vitest";
import { authoritiesFromPrivileges } from "@/lib/permissions/authorities";
import { defaultRoles } from "@/lib/permissions/default-roles";
import { grantableAuthorities, grantsUserAdministration, privilegesFromAuthorities } from "@/lib/roles/role-records";

describe("role privileges as token authorities", () => {
  it("offers every module × action and never the platform administrator's authority", () => {
    expect(grantableAuthorities).toHaveLength(9 * 6);
    expect(grantableAuthorities).toContain("CONTACTO:VIEW");
    expect(grantableAuthorities).toContain("MYSIGN:EXPORT");
    expect(grantableAuthorities.some((a) => a.startsWith("ADMIN:"))).toBe(false);
  });

  it("turns authorities into one row per module that gets any, and back, in module order", () => {
    const rows = privilegesFromAuthorities(["ROL:DELETE", "CONTACTO:VIEW", "CONTACTO:EXPORT"]);
    expect(rows).toEqual([
      { module: "CONTACTO", canView: true, canCreate: false, canUpdate: false, canDelete: false, canImport: false, canExport: true },
      { module: "ROL", canView: false, canCreate: false, canUpdate: false, canDelete: true, canImport: false, canExport: false },
    ]);
    expect(authoritiesFromPrivileges(rows, false)).toEqual(["CONTACTO:VIEW", "CONTACTO:EXPORT", "ROL:DELETE"]);
    expect(privilegesFromAuthorities([])).toEqual([]);
  });

  it("counts user administration as seeing and changing users", () => {
    const { admin, operator } = defaultRoles();
    expect(grantsUserAdministration(authoritiesFromPrivileges(admin.privileges, false))).toBe(true);
    expect(grantsUserAdministration(authoritiesFromPrivileges(operator.privileges, false))).toBe(false);
    expect(grantsUserAdministration(["USUARIO:VIEW"])).toBe(false);
    expect(grantsUserAdministration(["USUARIO:VIEW", "USUARIO:UPDATE"])).toBe(true);
  });
});
