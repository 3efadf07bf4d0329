import { describe, expect, it } from "vitest";
import { managerInput, organizationInput } from "@/lib/organizations/admin-schemas";

const codes = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe("organizationInput", () => {
  it("trims the name, upper-cases the country and canonicalises the time zone", () => {
    expect(organizationInput.parse({ name: "  Notaría Norte  ", country: "es", timezone: "europe/madrid" })).toEqual({
      name: "Notaría Norte",
      country: "ES",
      timezone: "Europe/Madrid",
    });
  });

  it("answers with catalogue codes", () => {
    expect(codes(organizationInput.safeParse({ name: "", country: "ES", timezone: "UTC" }))).toEqual(["EMPTY_FIELD"]);
    expect(codes(organizationInput.safeParse({ name: "A", country: "ES", timezone: "UTC" }))).toEqual(["MIN_LENGTH"]);
    expect(codes(organizationInput.safeParse({ name: "Norte", country: "ESP", timezone: "UTC" }))).toEqual([
      "ORGANIZATION_COUNTRY_INVALID",
    ]);
    expect(codes(organizationInput.safeParse({ name: "Norte", country: "ES", timezone: "Mars/Olympus" }))).toEqual([
      "ORG_TIMEZONE_INVALID",
    ]);
    expect(codes(organizationInput.safeParse({ name: "No\u0007rte", country: "ES", timezone: "UTC" }))).toContain("CONTROL_CHARACTER");
  });
});

describe("managerInput", () => {
  it("takes a person's data and no role", () => {
    const parsed = managerInput.parse({
      firstName: "Marta",
      lastName: "Gil",
      email: "Marta@Example.TEST",
      cellPhone: "+34 600 000 001",
      roleHexIds: ["x"],
    });
    expect(parsed).toEqual({ firstName: "Marta", lastName: "Gil", email: "marta@example.test", cellPhone: "+34600000001" });
  });
});
